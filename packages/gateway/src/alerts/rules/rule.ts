/**
 * What an alert rule is: a file in this folder and one entry in `rules/index.ts` (docs/alerts.md). A rule
 * looks at the plant each evaluation and names the conditions that hold now; the service turns a condition
 * held for `holdMs` into an open alert and closes it when the condition is gone.
 */
import type { AlertRuleId, AlertRuleStatus, PowerLimiterStatus } from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from '../../config/schema';
import type { LiveInverter } from '../../engine';
import type { MeterStatus } from '../../powermeter/types';

export type AlertsSettings = DeepReadonly<GatewayConfig['alerts']>;

/** The plant as a rule sees it: the inverters, and the house meter and power limiter where they run. */
export interface RuleScope {
  /** The inverters of the live model, in slot order. */
  inverters: readonly LiveInverter[];
  /** The house meter's status now; undefined when the gateway runs without the meter service. */
  meter?: MeterStatus | undefined;
  /** The power limiter's switch and state now; undefined when the gateway runs without it. */
  limiter?:
    | (Pick<PowerLimiterStatus, 'enabled' | 'state'> & Partial<Pick<PowerLimiterStatus, 'feed_in'>>)
    | undefined;
}

/** What a rule sees at one evaluation. */
export interface RuleInput extends RuleScope {
  /** Gateway clock, epoch ms. */
  now: number;
  /** The sun is up (the engine's day, from the configured location). */
  isDay: boolean;
  settings: AlertsSettings;
}

/**
 * One problem that holds now. Equal keys (rule, serial, channel, tag) are the same problem. A problem of
 * the whole plant (the meter, the limiter) has the serial "".
 */
export interface AlertCondition {
  serial: string;
  channel: number | null;
  /** Event id of an alarm; null otherwise. */
  messageId: number | null;
  /** The figure the message shows (string shortfall %, radio loss %); null when none. */
  figure: number | null;
  /** Tells apart problems of the same rule, inverter and channel (an alarm's start); "" when none. */
  tag: string;
  /**
   * Why it holds, as recorded when the alert opened (the meter's problem code); "" when none. Not part of
   * the key: a reason that changes while the problem lasts does not make it another problem.
   */
  detail: string;
}

/** The running part of a rule: it may keep state between evaluations (what it has seen, windows). */
export interface RuleEvaluator {
  evaluate(input: RuleInput): AlertCondition[];
  /** Conditions of alerts open from before a restart (an alarm seen before stays known). */
  restore?(open: readonly AlertCondition[]): void;
}

export interface AlertRule {
  readonly id: AlertRuleId;
  enabled(settings: AlertsSettings): boolean;
  /** How long a condition must hold before it opens an alert. */
  holdMs(settings: AlertsSettings): number;
  /** Whether the plant allows the rule at all (default: it does). */
  applies?(scope: RuleScope): Pick<AlertRuleStatus, 'applicable' | 'reason'>;
  create(): RuleEvaluator;
}

export const MINUTE_MS = 60_000;

export function condition(
  serial: string,
  extra: Partial<Omit<AlertCondition, 'serial'>> = {},
): AlertCondition {
  return { serial, channel: null, messageId: null, figure: null, tag: '', detail: '', ...extra };
}
