/**
 * The Power limiter screen's form: the limiter's settings shaped for the fields, a row per inverter of the
 * plant; the checks are the contract's. The meter it steers by has its own screen (/settings/powermeter).
 */

import { Code } from '@dtu-console/contract/codes';
import { firstFailure } from '@dtu-console/contract/common/validate';
import type { InverterConfig } from '@dtu-console/contract/inverter/api';
import type {
  BatteryLimiterConfig,
  PowerLimiterConfig,
  PowerLimiterInverterConfig,
} from '@dtu-console/contract/powerlimiter/api';
import { BatteryLimiterLimits as B } from '@dtu-console/contract/powerlimiter/limits';
import {
  type PowerLimiterConfigPayload,
  powerLimiterConfigRules,
} from '@dtu-console/contract/powerlimiter/schemas';
import type { PowerLimiterSettings } from '../../api/powerlimiter';
import type { CheckFailure } from '../form/resolver';

export interface InverterRow extends Required<PowerLimiterInverterConfig> {
  /** Shown only: the inverter's name in the inverter settings. */
  name: string;
}

export interface LimiterFormValues {
  limiter: Omit<PowerLimiterConfig, 'inverters'> & { inverters: InverterRow[] };
}

/** The battery rules of a gateway that had none yet (its own defaults, docs/battery.md). */
export function defaultBatteryRules(): BatteryLimiterConfig {
  return {
    start_soc: B.startSocDefault,
    stop_soc: B.stopSocDefault,
    start_voltage: B.startVoltageDefault,
    stop_voltage: B.stopVoltageDefault,
    load_correction_v_per_kw: B.loadCorrectionDefault,
    discharge_at_night: false,
    passthrough: { enabled: false, margin_w: B.passthroughMarginDefault, full_soc: B.fullSocDefault },
  };
}

/** An inverter the limiter settings do not list yet: not governed, behind the meter, no own bounds. */
const unlisted = (serial: string): PowerLimiterInverterConfig => ({
  serial,
  governed: false,
  behind_power_meter: true,
  lower_power_limit: 0,
  upper_power_limit: 0,
  role: 'solar',
});

export function toValues(data: PowerLimiterSettings): LimiterFormValues {
  const { limiter, inverters } = data;
  return {
    limiter: {
      ...limiter,
      // An older gateway sends no battery rules and no roles: its inverters are fed by their panels.
      battery: structuredClone(limiter.battery ?? defaultBatteryRules()),
      inverters: inverters.map((inverter: InverterConfig) => {
        const entry =
          limiter.inverters.find((known) => known.serial === inverter.serial) ?? unlisted(inverter.serial);
        return { ...entry, role: entry.role ?? 'solar', name: inverter.name };
      }),
    },
  };
}

export function toPayload(values: LimiterFormValues): PowerLimiterConfigPayload {
  return {
    ...values.limiter,
    // Listed: the governed inverters, and those whose output the meter does not see (the simulated meter
    // and the limiter both need to know). The rest keep the defaults an unlisted inverter has.
    inverters: values.limiter.inverters
      .filter((row) => row.governed || !row.behind_power_meter)
      .map(({ name: _name, ...entry }) => entry),
  };
}

/** The gateway's checks of the limiter settings, in its order. */
export function check(values: LimiterFormValues): CheckFailure | undefined {
  const failure = firstFailure(powerLimiterConfigRules, toPayload(values));
  if (!failure) return undefined;
  const field =
    (BATTERY_CODES.has(failure.code)
      ? batteryField(failure.code, values.limiter)
      : FEED_IN_FIELDS[failure.code]) ?? `limiter.${failure.field ?? 'inverters'}`;
  return { ...failure, field };
}

/** The battery rules apply (and their fields are shown) once a governed inverter is fed from the battery. */
export function batteryFed(rows: readonly Pick<InverterRow, 'governed' | 'role'>[]): boolean {
  return rows.some((row) => row.governed && row.role === 'battery');
}

const BATTERY_CODES: ReadonlySet<number> = new Set([
  Code.PowerLimiterBatterySocRange,
  Code.PowerLimiterBatteryVoltageRange,
  Code.PowerLimiterBatteryLoadCorrectionRange,
  Code.PowerLimiterPassthroughMarginRange,
]);

/**
 * The shown field a battery code is about: the threshold out of bounds, else the stop (the code then says it
 * is not below the start); a passthrough value while passthrough is off marks its switch; with no inverter
 * fed from the battery (the rules hidden) the form's own alert says it.
 */
function batteryField(code: number, limiter: LimiterFormValues['limiter']): string {
  const battery = limiter.battery;
  if (!batteryFed(limiter.inverters)) return 'root';
  const passthrough = battery.passthrough.enabled ? 'limiter.battery.passthrough' : undefined;
  const outside = (value: number, min: number, max: number) =>
    !Number.isFinite(value) || value < min || value > max;
  const socBad = (soc: number) => outside(soc, B.socMin, B.socMax);
  switch (code) {
    case Code.PowerLimiterBatterySocRange:
      if (socBad(battery.start_soc)) return 'limiter.battery.start_soc';
      if (socBad(battery.stop_soc)) return 'limiter.battery.stop_soc';
      if (socBad(battery.passthrough.full_soc))
        return passthrough ? `${passthrough}.full_soc` : 'limiter.battery.passthrough.enabled';
      return 'limiter.battery.stop_soc';
    case Code.PowerLimiterBatteryVoltageRange:
      return outside(battery.start_voltage, 0, B.voltageMax)
        ? 'limiter.battery.start_voltage'
        : 'limiter.battery.stop_voltage';
    case Code.PowerLimiterBatteryLoadCorrectionRange:
      return 'limiter.battery.load_correction_v_per_kw';
    default:
      return passthrough ? `${passthrough}.margin_w` : 'limiter.battery.passthrough.enabled';
  }
}

/** The field a feed-in cap or grid signal code is about (the lines and steps: the signal card). */
const FEED_IN_FIELDS: Partial<Record<number, string>> = {
  [Code.PowerLimiterCapPercentRange]: 'limiter.feed_in_cap.percent',
  [Code.PowerLimiterCapWattsRange]: 'limiter.feed_in_cap.watts',
  [Code.PowerLimiterModulePowerRange]: 'limiter.feed_in_cap.module_power_wp',
  [Code.PowerLimiterCapNoModulePower]: 'limiter.feed_in_cap.module_power_wp',
  [Code.PowerLimiterSignalChipInvalid]: 'limiter.grid_signal.gpio.chip',
  [Code.PowerLimiterSignalTopicInvalid]: 'limiter.grid_signal.mqtt.topic',
  [Code.PowerLimiterSignalLinesInvalid]: 'limiter.grid_signal',
  [Code.PowerLimiterSignalStepsInvalid]: 'limiter.grid_signal',
};

/** The sum of the strings' max power of the plant's inverters, Wp (the module power when none is set). */
export function stringsPowerWp(inverters: readonly InverterConfig[]): number {
  let sum = 0;
  for (const inverter of inverters) for (const channel of inverter.channel) sum += channel.max_power || 0;
  return sum;
}
