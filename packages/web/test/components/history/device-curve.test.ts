/** A Wi-Fi device's own day curve: whose it is, and its points on the history's steps. */
import type { WifiCurves, WifiPowerCurve } from '@dtu-console/contract/wifi/api';
import { describe, expect, it } from 'vitest';
import { curveOnSteps, deviceCurveFor } from '../../../src/components/history/device-curve';

const HMS = '116412345678';
const DTU = '414112345678';
const [A, B] = ['114172220003', '114172220004'];
const curve = (serial: string, power_w = [0, 100, 200]): WifiPowerCurve => ({
  start: 1000,
  step_s: 300,
  power_w,
  serial,
});
const curves = (...devices: WifiCurves['devices']): WifiCurves => ({ devices });

describe('deviceCurveFor', () => {
  it('is null for an inverter no Wi-Fi device serves', () => {
    expect(
      deviceCurveFor(curves({ name: 'Balcony', serial: HMS, inverters: [HMS], curve: null }), A),
    ).toBeNull();
  });

  it('says a device without a curve, or with an empty one, has none', () => {
    const none = { kind: 'none', device: 'Balcony' };
    expect(
      deviceCurveFor(curves({ name: 'Balcony', serial: HMS, inverters: [HMS], curve: null }), HMS),
    ).toEqual(none);
    const empty = curves({ name: 'Balcony', serial: HMS, inverters: [HMS], curve: curve(HMS, []) });
    expect(deviceCurveFor(empty, HMS)).toEqual(none);
  });

  it("gives the curve its reply names, whatever the serial's case", () => {
    const found = deviceCurveFor(
      curves({ name: 'Shed', serial: DTU, inverters: [A, B], curve: curve(A.toLowerCase()) }),
      A,
    );
    expect(found).toMatchObject({ kind: 'inverter', device: 'Shed', inverters: 2 });
  });

  it("gives another inverter's curve to no one else", () => {
    const found = deviceCurveFor(
      curves({ name: 'Shed', serial: DTU, inverters: [A, B], curve: curve(A) }),
      B,
    );
    expect(found).toEqual({ kind: 'none', device: 'Shed' });
  });

  it("marks a curve of the whole device as the device's, unless it serves this inverter alone", () => {
    const whole = deviceCurveFor(
      curves({ name: 'Shed', serial: DTU, inverters: [A, B], curve: curve(DTU) }),
      B,
    );
    expect(whole).toMatchObject({ kind: 'device', inverters: 2 });
    const alone = deviceCurveFor(
      curves({ name: 'Balcony', serial: HMS, inverters: [HMS], curve: curve('') }),
      HMS,
    );
    expect(alone).toMatchObject({ kind: 'inverter', inverters: 1 });
  });
});

describe('curveOnSteps', () => {
  const device = curve(HMS, [10, 20, 30, 40]);

  it('averages the points that start within a longer step', () => {
    expect(curveOnSteps(device, [1000, 1600], 600)).toEqual([15, 35]);
  });

  it('holds a longer point over the shorter steps it spans, and leaves gaps outside the curve', () => {
    // Steps of 60 s: the device's 300 s points each cover five of them.
    expect(curveOnSteps(device, [940, 1000, 1060, 1240, 1300, 2200], 60)).toEqual([
      null,
      10,
      10,
      10,
      20,
      null,
    ]);
  });

  it('never fills a gap with zero', () => {
    const holey = { ...device, power_w: [10, Number.NaN, 30] };
    expect(curveOnSteps(holey, [1000, 1300, 1600], 300)).toEqual([10, null, 30]);
  });
});
