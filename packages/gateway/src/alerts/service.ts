/**
 * The alerts service: evaluates the rules (rules/) on the live model every `AlertLimits.evaluateIntervalMs`
 * of the gateway clock, keeps the lifecycle (open while the condition holds, cleared when it is gone,
 * acknowledged by the owner) in the history database, announces changes on the bus (MQTT reads them) and
 * pushes openings and clearings (push.ts). Rules: docs/alerts.md.
 */
import type { Clock } from '@dtu-console/clock';
import {
  type Alert,
  AlertLimits,
  type AlertRuleId,
  AlertRuleIds,
  type AlertRuleStatus,
  type AlertsConfig,
  type AlertsConfigPayload,
  type AlertsStatus,
} from '@dtu-console/contract';
import type { EventBus, Service } from '../bus';
import { ALERT_SECRETS, keepIfMasked, maskSecret } from '../config/secrets';
import type { ConfigStore, SaveOutcome } from '../config/store';
import type { HistoryService } from '../history/service';
import { type EventLocale, parseEventLocale } from '../i18n/event-messages';
import type { Plant } from '../plant';
import type { LimiterService } from '../powerlimiter/service';
import type { MeterFeed } from '../powermeter/types';
import type { Logger } from '../system/logger';
import { type AlertRow, AlertStore } from './alert-store';
import { alertMessage } from './messages';
import { type AlertPush, createAlertPush } from './push';
import { ALERT_RULES } from './rules';
import type { AlertCondition, AlertRule, RuleEvaluator, RuleScope } from './rules/rule';

export interface AlertServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  plant: Pick<Plant, 'live' | 'engine'>;
  history: Pick<HistoryService, 'database'>;
  log: Logger;
  /** The house meter (the meter rule); without it the rule does not apply. */
  meter?: Pick<MeterFeed, 'status'>;
  /** The power limiter (the limiter rule), asked when evaluating: it is made after this service. */
  limiter?: () => Pick<LimiterService, 'status'>;
  /** Tests replace the push (or its fetch). */
  push?: AlertPush;
  fetch?: typeof fetch;
}

/** An open alert as metrics read it. */
export interface OpenAlert {
  rule: Alert['rule'];
  serial: string;
  channel: number | null;
  /** Unix s. */
  since: number;
  acknowledged: boolean;
}

const PRUNE_INTERVAL_MS = 3_600_000;
const DAY_S = 86_400;

const keyOf = (rule: string, c: AlertCondition) =>
  `${rule}|${c.serial}|${c.channel ?? ''}|${c.messageId ?? ''}|${c.tag}`;

export class AlertService implements Service {
  readonly name = 'alerts';
  readonly #options: AlertServiceOptions;
  readonly #log: Logger;
  readonly #push: AlertPush;
  #store: AlertStore | undefined;
  #evaluators = new Map<AlertRule, RuleEvaluator>();
  /** Open alerts by condition key. */
  #open = new Map<string, AlertRow>();
  /** Since when (epoch ms) a condition not yet open has held. */
  #pending = new Map<string, number>();
  #cancel: () => void = () => {};
  #lastPrune = Number.NEGATIVE_INFINITY;
  #running = false;
  /** Alerts opened per rule since the start (metrics). */
  readonly #opened = new Map<AlertRuleId, number>();

  constructor(options: AlertServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'alerts' });
    this.#push =
      options.push ??
      createAlertPush({
        config: options.config,
        clock: options.clock,
        log: this.#log,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      });
  }

  #alertStore(): AlertStore {
    this.#store ??= new AlertStore(this.#options.history.database());
    return this.#store;
  }

  start(): void {
    const store = this.#alertStore();
    this.#running = true;
    for (const rule of ALERT_RULES) this.#evaluators.set(rule, rule.create());
    for (const row of store.open()) this.#open.set(keyOf(row.rule, row), row);
    for (const [rule, evaluator] of this.#evaluators) {
      evaluator.restore?.([...this.#open.values()].filter((row) => row.rule === rule.id));
    }
    this.#announce();
    this.#schedule();
  }

  stop(): void {
    this.#running = false;
    this.#cancel();
    this.#push.stop();
  }

  #schedule(): void {
    this.#cancel = this.#options.clock.setTimer(AlertLimits.evaluateIntervalMs, () => {
      if (!this.#running) return;
      this.evaluate();
      this.#schedule();
    });
  }

  /** One evaluation of every rule (the timer calls it; tests may too). */
  evaluate(): void {
    const { clock, plant, config } = this.#options;
    const now = clock.now();
    const settings = config.get('alerts');
    const input = { now, isDay: plant.engine.isDay, settings, ...this.#scope() };
    const holding = new Map<string, { rule: AlertRule; condition: AlertCondition }>();
    for (const [rule, evaluator] of this.#evaluators) {
      // A rule keeps evaluating while off, so its windows and what it has seen stay current.
      const conditions = evaluator.evaluate(input);
      if (!rule.enabled(settings)) continue;
      for (const c of conditions) holding.set(keyOf(rule.id, c), { rule, condition: c });
    }
    let changed = false;
    for (const [key, row] of this.#open) {
      const held = holding.get(key);
      if (held) continue;
      this.#alertStore().close(row.id, Math.floor(now / 1000));
      this.#open.delete(key);
      this.#pushChange('cleared', { ...row, ended: Math.floor(now / 1000) });
      changed = true;
    }
    for (const key of this.#pending.keys()) if (!holding.has(key)) this.#pending.delete(key);
    for (const [key, { rule, condition }] of holding) {
      if (this.#open.has(key)) continue;
      const since = this.#pending.get(key) ?? now;
      this.#pending.set(key, since);
      if (now - since < rule.holdMs(settings)) continue;
      this.#pending.delete(key);
      const name = plant.live.inverter(condition.serial)?.name ?? '';
      const row = this.#alertStore().insert(rule.id, name, condition, Math.floor(since / 1000));
      this.#open.set(key, row);
      this.#opened.set(rule.id, (this.#opened.get(rule.id) ?? 0) + 1);
      this.#pushChange('opened', row);
      changed = true;
    }
    if (changed) this.#announce();
    if (now - this.#lastPrune >= PRUNE_INTERVAL_MS || now < this.#lastPrune) this.#prune(now);
  }

  /** The plant as the rules see it now: inverters, meter, limiter. */
  #scope(): RuleScope {
    const { plant, meter, limiter } = this.#options;
    const limiterStatus = limiter?.().status();
    return {
      inverters: plant.live.inverters(),
      meter: meter?.status(),
      limiter: limiterStatus && {
        enabled: limiterStatus.enabled,
        state: limiterStatus.state,
        feed_in: limiterStatus.feed_in,
      },
    };
  }

  #prune(now: number): void {
    this.#lastPrune = now;
    const days = this.#options.config.get('history').quarter_days;
    this.#alertStore().prune(Math.floor(now / 1000) - days * DAY_S);
  }

  #pushChange(kind: 'opened' | 'cleared', row: AlertRow): void {
    const alert = this.#shape(row, this.displayLocale());
    this.#log.info(`Alert ${kind}: ${alert.message}`);
    this.#push.send(kind, alert);
  }

  /** Tells the bus (MQTT) the open alerts now. */
  #announce(): void {
    this.#options.bus.emit('alerts:changed', this.openAlertsShaped(this.displayLocale()));
  }

  /** The language of texts that leave without a request (MQTT, push): the display's locale. */
  displayLocale(): EventLocale {
    return parseEventLocale(this.#options.config.get('device').display.locale);
  }

  #shape(row: AlertRow, locale: EventLocale): Alert {
    const live = this.#options.plant.live;
    return {
      id: row.id,
      rule: row.rule,
      serial: row.serial,
      name: row.name,
      channel: row.channel,
      message: alertMessage(row, locale, (serial, ch) => live.inverter(serial)?.channels[ch]?.name ?? ''),
      started: row.started,
      ended: row.ended,
      acknowledged: row.acknowledged,
    };
  }

  openAlertsShaped(locale: EventLocale): Alert[] {
    return this.#alertStore()
      .open()
      .map((row) => this.#shape(row, locale));
  }

  /** The open alerts for metrics: rule, serial, string, since. */
  openAlerts(): OpenAlert[] {
    return [...this.#open.values()].map((row) => ({
      rule: row.rule,
      serial: row.serial,
      channel: row.channel,
      since: row.started,
      acknowledged: row.acknowledged,
    }));
  }

  /** Alerts opened per rule since the gateway started, every rule listed (metrics). */
  openedCounts(): Record<AlertRuleId, number> {
    return Object.fromEntries(AlertRuleIds.map((id) => [id, this.#opened.get(id) ?? 0])) as Record<
      AlertRuleId,
      number
    >;
  }

  status(locale: EventLocale): AlertsStatus {
    const store = this.#alertStore();
    const open = this.openAlertsShaped(locale);
    const settings = this.#options.config.get('alerts');
    const scope = this.#scope();
    const rules: AlertRuleStatus[] = ALERT_RULES.map((rule) => ({
      rule: rule.id,
      enabled: rule.enabled(settings),
      ...(rule.applies?.(scope) ?? { applicable: true }),
    }));
    return {
      open,
      recent: store.recent(AlertLimits.recentMax).map((row) => this.#shape(row, locale)),
      unacknowledged: open.filter((a) => !a.acknowledged).length,
      rules,
    };
  }

  /** Acknowledges one alert, or every open one; false for an unknown id. */
  acknowledge(id: number | undefined): boolean {
    const ok = this.#alertStore().acknowledge(id);
    if (!ok) return false;
    for (const [key, row] of this.#open) {
      if (id === undefined || row.id === id) this.#open.set(key, { ...row, acknowledged: true });
    }
    this.#announce();
    return true;
  }

  /** The settings as GET shows them: URLs and tokens masked. */
  config(): AlertsConfig {
    const settings = { ...this.#options.config.get('alerts') };
    for (const key of ALERT_SECRETS) settings[key] = maskSecret(settings[key]);
    return settings;
  }

  /** Saves the settings; a masked secret sent back keeps the stored one. Applied at the next evaluation. */
  save(payload: AlertsConfigPayload): Promise<SaveOutcome> {
    const stored = this.#options.config.get('alerts');
    // The grid signal's rules may be left out (an older client): their stored settings stay.
    const next = {
      ...payload,
      grid_signal_lost_enabled: payload.grid_signal_lost_enabled ?? stored.grid_signal_lost_enabled,
      grid_signal_lost_minutes: payload.grid_signal_lost_minutes ?? stored.grid_signal_lost_minutes,
      grid_signal_enabled: payload.grid_signal_enabled ?? stored.grid_signal_enabled,
      grid_signal_hours: payload.grid_signal_hours ?? stored.grid_signal_hours,
    };
    for (const key of ALERT_SECRETS) next[key] = keepIfMasked(payload[key], stored[key]);
    return this.#options.config.update('alerts', next);
  }
}
