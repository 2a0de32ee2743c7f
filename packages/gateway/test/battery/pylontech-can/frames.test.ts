import { describe, expect, it } from 'vitest';
import {
  decodeAlarms,
  decodeLimits,
  decodeMeasurements,
  decodeRequests,
  decodeSoc,
} from '../../../src/battery/pylontech-can/frames';
import { DIYBMS, PYLON } from './published-frames';

describe('Pylontech CAN frames', () => {
  it('decodes the published Pylontech sample', () => {
    expect(decodeLimits(PYLON.limits)).toEqual({
      chargeVoltageV: 53.2,
      chargeCurrentLimitA: 370,
      dischargeCurrentLimitA: 370,
      dischargeVoltageV: 46, // the publisher's annotation: discharge cut-off 46.0 V
    });
    expect(decodeSoc(PYLON.soc)).toEqual({ socPercent: 26, sohPercent: 100 });
    expect(decodeMeasurements(PYLON.measurements)).toEqual({
      voltageV: 48.66,
      currentA: 0,
      temperatureC: 33,
    });
    const alarms = decodeAlarms(PYLON.alarms);
    expect(alarms?.moduleCount).toBe(10); // the publisher's annotation: module count, ten modules
    expect(Object.values(alarms?.alarms ?? {}).some(Boolean)).toBe(false);
    expect(Object.values(alarms?.warnings ?? {}).some(Boolean)).toBe(false);
    expect(decodeRequests(PYLON.requests)).toEqual({
      chargeEnabled: true,
      dischargeEnabled: true,
      forceChargeI: false,
      forceChargeII: false,
      fullChargeRequest: false,
    });
  });

  it('decodes the DIY BMS frames, whose discharge-limit field is signed', () => {
    expect(decodeLimits(DIYBMS.limits)).toEqual({
      chargeVoltageV: 58,
      chargeCurrentLimitA: 10,
      dischargeCurrentLimitA: -10,
      dischargeVoltageV: 57.5,
    });
    expect(decodeMeasurements(DIYBMS.measurements)).toEqual({
      voltageV: 52.68,
      currentA: 0,
      temperatureC: 14,
    });
  });

  it('sets the alarm bits it names', () => {
    const a = decodeAlarms(Uint8Array.of(0x82, 0x09, 0x18, 0x00, 1));
    expect(a?.alarms).toMatchObject({
      overVoltage: true,
      dischargeOverCurrent: true,
      chargeOverCurrent: true,
      systemError: true,
    });
    expect(a?.warnings).toMatchObject({ overTemperature: true, underTemperature: true, overVoltage: false });
  });

  it('refuses short payloads and never throws on seeded garbage', () => {
    expect(decodeLimits(Uint8Array.of(1, 2))).toBeUndefined();
    expect(decodeSoc(Uint8Array.of(1))).toBeUndefined();
    expect(decodeMeasurements(Uint8Array.of())).toBeUndefined();
    expect(decodeAlarms(Uint8Array.of(0, 0))).toBeUndefined();
    expect(decodeRequests(Uint8Array.of())).toBeUndefined();
    let s = 7;
    for (let n = 0; n < 500; n++) {
      s = (s * 1103515245 + 12345) >>> 0;
      const bytes = Uint8Array.from({ length: s % 9 }, (_, i) => (s >>> (i % 24)) & 0xff);
      for (const f of [decodeLimits, decodeSoc, decodeMeasurements, decodeAlarms, decodeRequests]) {
        expect(() => f(bytes)).not.toThrow();
      }
    }
  });
});
