/** POST /api/powerlimiter/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { parseHexSerial } from '../common/hex-serial';
import { Key } from '../common/keys';
import { isLongerThan, isOutside, type Rule, rangeRule, rulesCheck } from '../common/validate';
import {
  BatteryLimiterLimits,
  FeedInCapModes,
  FeedInLimits,
  GridSignalSources,
  LimiterInverterRoles,
  PowerLimiterLimits,
} from './limits';

const integer = z.int();

export const powerLimiterInverterShape = z.object({
  serial: Key.string,
  governed: Key.bool,
  behind_power_meter: Key.bool,
  lower_power_limit: integer,
  upper_power_limit: integer,
  /** Left out by older clients: a solar inverter. */
  role: z.enum(LimiterInverterRoles).optional(),
});

export const feedInCapShape = z.object({
  enabled: Key.bool,
  mode: z.enum(FeedInCapModes),
  percent: integer,
  watts: integer,
  module_power_wp: integer,
});

export const gridSignalShape = z.object({
  enabled: Key.bool,
  source: z.enum(GridSignalSources),
  gpio: z.object({
    chip: Key.string,
    lines: z.array(integer).length(FeedInLimits.contacts),
    active_low: Key.bool,
  }),
  mqtt: z.object({ topic: Key.string }),
  steps: z.array(integer).length(FeedInLimits.contacts),
});

export const batteryLimiterShape = z.object({
  start_soc: Key.number,
  stop_soc: Key.number,
  start_voltage: Key.number,
  stop_voltage: Key.number,
  load_correction_v_per_kw: Key.number,
  discharge_at_night: Key.bool,
  passthrough: z.object({ enabled: Key.bool, margin_w: integer, full_soc: Key.number }),
});

/** `feed_in_cap`, `grid_signal` and `battery` may be left out: the stored ones are kept (older clients). */
export const powerLimiterConfigShape = z.object({
  enabled: Key.bool,
  target_power_consumption: integer,
  target_power_consumption_hysteresis: integer,
  base_load_limit: integer,
  min_command_interval: integer,
  inverters: z.array(powerLimiterInverterShape),
  feed_in_cap: feedInCapShape.optional(),
  grid_signal: gridSignalShape.optional(),
  battery: batteryLimiterShape.optional(),
});

type Shape = z.output<typeof powerLimiterConfigShape>;
type InverterShape = z.output<typeof powerLimiterInverterShape>;

const L = PowerLimiterLimits;

function boundsBroken(inv: InverterShape): boolean {
  const { lower_power_limit: lower, upper_power_limit: upper } = inv;
  if (lower < 0 || upper < 0 || lower > L.inverterLimitMax || upper > L.inverterLimitMax) return true;
  // 0 as upper means "the rated power"; only a set upper limit can be below the lower one.
  return upper !== 0 && lower > upper;
}

const F = FeedInLimits;
const B = BatteryLimiterLimits;

const socBad = (soc: number) => !Number.isFinite(soc) || isOutside(soc, B.socMin, B.socMax);
/** SoC thresholds within 0..100, and the cycle's stop below its start. */
function batterySocBroken(v: Shape): boolean {
  const b = v.battery;
  if (!b) return false;
  return [b.start_soc, b.stop_soc, b.passthrough.full_soc].some(socBad) || b.stop_soc >= b.start_soc;
}

/** Voltages within 0..1000 (0 = not set), and a set stop below a set start. */
function batteryVoltageBroken(v: Shape): boolean {
  const b = v.battery;
  if (!b) return false;
  const bad = (volts: number) => !Number.isFinite(volts) || isOutside(volts, 0, B.voltageMax);
  if (bad(b.start_voltage) || bad(b.stop_voltage)) return true;
  return b.start_voltage > 0 && b.stop_voltage > 0 && b.stop_voltage >= b.start_voltage;
}

function linesBroken(v: Shape): boolean {
  const signal = v.grid_signal;
  if (!signal) return false;
  const wired = signal.gpio.lines.filter((line) => line !== -1);
  if (wired.some((line) => line < 0 || line > F.gpioLineMax)) return true;
  if (new Set(wired).size !== wired.length) return true;
  return signal.enabled && signal.source === 'gpio' && wired.length === 0;
}

function topicBroken(v: Shape): boolean {
  const signal = v.grid_signal;
  if (!signal) return false;
  const topic = signal.mqtt.topic;
  if (isLongerThan(topic, F.mqttTopicMaxLength) || /[+#]/.test(topic)) return true;
  return signal.enabled && signal.source === 'mqtt' && topic.trim() === '';
}

/** The GPIO character device: /dev/gpiochipN. */
export function isGpioChipPath(path: string): boolean {
  return /^\/dev\/gpiochip\d{1,3}$/.test(path);
}

export const powerLimiterConfigRules: readonly Rule<Shape>[] = [
  rangeRule(Code.PowerLimiterTargetRange, 'target_power_consumption', L.targetMin, L.targetMax),
  rangeRule(
    Code.PowerLimiterHysteresisRange,
    'target_power_consumption_hysteresis',
    L.hysteresisMin,
    L.hysteresisMax,
  ),
  rangeRule(Code.PowerLimiterBaseLoadRange, 'base_load_limit', L.baseLoadLimitMin, L.baseLoadLimitMax),
  rangeRule(Code.PowerLimiterIntervalRange, 'min_command_interval', L.minIntervalMin, L.minIntervalMax),
  { code: Code.PowerLimiterInverterBounds, field: 'inverters', fails: (v) => v.inverters.some(boundsBroken) },
  {
    code: Code.PowerLimiterCapPercentRange,
    field: 'feed_in_cap',
    fails: (v) => !!v.feed_in_cap && isOutside(v.feed_in_cap.percent, F.percentMin, F.percentMax),
  },
  {
    code: Code.PowerLimiterCapWattsRange,
    field: 'feed_in_cap',
    fails: (v) => !!v.feed_in_cap && isOutside(v.feed_in_cap.watts, 0, F.capWattsMax),
  },
  {
    code: Code.PowerLimiterModulePowerRange,
    field: 'feed_in_cap',
    fails: (v) => !!v.feed_in_cap && isOutside(v.feed_in_cap.module_power_wp, 0, F.modulePowerMax),
  },
  {
    code: Code.PowerLimiterSignalChipInvalid,
    field: 'grid_signal',
    fails: (v) => !!v.grid_signal && !isGpioChipPath(v.grid_signal.gpio.chip),
  },
  { code: Code.PowerLimiterSignalLinesInvalid, field: 'grid_signal', fails: linesBroken },
  { code: Code.PowerLimiterSignalTopicInvalid, field: 'grid_signal', fails: topicBroken },
  {
    code: Code.PowerLimiterSignalStepsInvalid,
    field: 'grid_signal',
    fails: (v) =>
      !!v.grid_signal && v.grid_signal.steps.some((step) => isOutside(step, F.percentMin, F.percentMax)),
  },
  { code: Code.PowerLimiterBatterySocRange, field: 'battery', fails: batterySocBroken },
  { code: Code.PowerLimiterBatteryVoltageRange, field: 'battery', fails: batteryVoltageBroken },
  {
    code: Code.PowerLimiterBatteryLoadCorrectionRange,
    field: 'battery',
    fails: (v) =>
      !!v.battery &&
      (!Number.isFinite(v.battery.load_correction_v_per_kw) ||
        isOutside(v.battery.load_correction_v_per_kw, 0, B.loadCorrectionMax)),
  },
  {
    code: Code.PowerLimiterPassthroughMarginRange,
    field: 'battery',
    fails: (v) => !!v.battery && isOutside(v.battery.passthrough.margin_w, 0, B.passthroughMarginMax),
  },
];

/**
 * A cap in percent, or a signal (its steps are percentages), needs the module power: set, or the sum of
 * the configured strings' max_power (`stringsWp`, which only the gateway knows).
 */
export function needsModulePower(v: Shape, stringsWp: number): boolean {
  const byPercent =
    (v.feed_in_cap?.enabled === true && v.feed_in_cap.mode === 'percent') || v.grid_signal?.enabled === true;
  return byPercent && (v.feed_in_cap?.module_power_wp ?? 0) === 0 && stringsWp <= 0;
}

/** What the gateway asks about the serials; the value is the parsed 48-bit serial. */
export interface PowerLimiterContext {
  isKnownInverter: (serial: bigint) => boolean;
  /** The sum of the configured strings' max_power, Wp (the module power when none is set). */
  stringsPowerWp?: () => number;
}

function serialsBroken(v: Shape, context: PowerLimiterContext): boolean {
  const seen = new Set<bigint>();
  for (const inv of v.inverters) {
    const serial = parseHexSerial(inv.serial);
    if (seen.has(serial) || !context.isKnownInverter(serial)) return true;
    seen.add(serial);
  }
  return false;
}

export function powerLimiterConfigSchemaFor(context: PowerLimiterContext) {
  return powerLimiterConfigShape.check(
    rulesCheck<Shape>([
      ...powerLimiterConfigRules,
      { code: Code.PowerLimiterInverterUnknown, field: 'inverters', fails: (v) => serialsBroken(v, context) },
      {
        code: Code.PowerLimiterCapNoModulePower,
        field: 'feed_in_cap',
        fails: (v) => context.stringsPowerWp !== undefined && needsModulePower(v, context.stringsPowerWp()),
      },
    ]),
  );
}

/** The console checks without the inverter list (the server answers the rest). */
export const powerLimiterConfigSchema = powerLimiterConfigShape.check(rulesCheck(powerLimiterConfigRules));
export type PowerLimiterConfigPayload = z.output<typeof powerLimiterConfigShape>;
