import { describe, expect, it } from 'vitest';
import { wifiDeviceModelName, wifiDtuModel } from '../../src/wifi/device-models';

describe('Wi-Fi device models', () => {
  it('names a DTU by its serial, and leaves an inverter with Wi-Fi to the console to name', () => {
    expect(wifiDtuModel('10F734733125')).toBe('DTU-Pro');
    expect(wifiDtuModel('10d612345678')).toBe('DTU-Lite');
    // An HMS-800W-2T's own serial: no DTU model, no English text in /api/wifi/status.
    expect(wifiDtuModel('114312345678')).toBe('');
  });

  it('keeps an English name for the API fields of English text', () => {
    expect(wifiDeviceModelName('10F734733125', 4)).toBe('DTU-Pro');
    expect(wifiDeviceModelName('114312345678', 1)).toBe('HMS-xxxW (inverter with Wi-Fi)');
    expect(wifiDeviceModelName('114312345678', 2)).toBe('Wi-Fi device with 2 inverters');
  });
});
