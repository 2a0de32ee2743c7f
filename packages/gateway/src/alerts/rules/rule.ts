/**
 * What an alert rule is: a file in this folder and one entry in `rules/index.ts` (docs/alerts.md). A rule
 * looks at the plant each evaluation and names the conditions that hold now; the service turns a condition
 * held for `holdMs` into an open alert and closes it when the condition is gone.
 */
import type { AlertRuleId, AlertRuleStatus } from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from '../../config/schema';
import type { LiveInverter } from '../../engine';

export type AlertsSettings = DeepReadonly<GatewayConfig['alerts']>;

/** What a rule sees at one evaluation. */
export interface RuleInput {
  /** Gateway clock, epoch ms. */
  now: number;
  /** The sun is up (the engine's day, from the configured location). */
  isDay: boolean;
  /** The inverters of the live model, in slot order. */
  inverters: readonly LiveInverter[];
  settings: AlertsSettings;
}

/** One problem that holds now. Equal keys (rule, serial, channel, tag) are the same problem. */
export interface AlertCondition {
  serial: string;
  channel: number | null;
  /** Event id of an alarm; null otherwise. */
  messageId: number | null;
  /** The figure the message shows (string shortfall %, radio loss %); null when none. */
  figure: number | null;
  /** Tells apart problems of the same rule, inverter and channel (an alarm's start); "" when none. */
  tag: string;
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
  applies?(inverters: readonly LiveInverter[]): Pick<AlertRuleStatus, 'applicable' | 'reason'>;
  create(): RuleEvaluator;
}

export const MINUTE_MS = 60_000;

export function condition(
  serial: string,
  extra: Partial<Omit<AlertCondition, 'serial'>> = {},
): AlertCondition {
  return { serial, channel: null, messageId: null, figure: null, tag: '', ...extra };
}
