import type { WifiCurves, WifiPowerCurve } from '@dtu-console/contract/wifi/api';

/**
 * The day's power curve a Wi-Fi device keeps itself, shaped for one inverter's day in the history card.
 * No React, no Intl state.
 */

/**
 * What a Wi-Fi device's curve says about one of its inverters:
 * - `inverter`: the curve is this inverter's own (the reply names it, or the device serves only it);
 * - `device`: the device keeps one curve for all it serves (the reply names the device);
 * - `none`: no curve yet, an empty one, or one of another inverter of the device.
 */
export type DeviceCurveFor =
  | { kind: 'inverter' | 'device'; device: string; inverters: number; curve: WifiPowerCurve }
  | { kind: 'none'; device: string };

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** The curve of the device serving `serial`; null when no Wi-Fi device serves it. */
export function deviceCurveFor(curves: WifiCurves, serial: string): DeviceCurveFor | null {
  const device = curves.devices.find((one) => one.inverters.some((served) => same(served, serial)));
  if (!device) return null;
  const curve = device.curve;
  if (!curve || curve.power_w.length === 0 || curve.step_s <= 0) return { kind: 'none', device: device.name };
  const shared = { device: device.name, inverters: device.inverters.length, curve };
  if (same(curve.serial, serial)) return { kind: 'inverter', ...shared };
  // The reply names another inverter of the device: that one's curve, not this one's.
  if (device.inverters.some((served) => same(served, curve.serial)))
    return { kind: 'none', device: device.name };
  return { kind: device.inverters.length === 1 ? 'inverter' : 'device', ...shared };
}

/**
 * The device's points on the day's steps (`time`, each `step` long): the mean of the points that start
 * in a step, else the point whose span covers the step's start, else a gap. Nothing outside the curve is
 * filled in, so a curve of another day gives only gaps.
 */
export function curveOnSteps(
  curve: WifiPowerCurve,
  time: readonly number[],
  step: number,
): Array<number | null> {
  const end = curve.start + curve.power_w.length * curve.step_s;
  return time.map((at) => {
    const first = Math.max(0, Math.ceil((at - curve.start) / curve.step_s));
    const last = Math.min(curve.power_w.length, Math.ceil((at + step - curve.start) / curve.step_s));
    let sum = 0;
    let count = 0;
    for (let i = first; i < last; i++) {
      const value = curve.power_w[i];
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      sum += value;
      count++;
    }
    if (count > 0) return sum / count;
    if (at < curve.start || at >= end) return null;
    const value = curve.power_w[Math.floor((at - curve.start) / curve.step_s)];
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  });
}
