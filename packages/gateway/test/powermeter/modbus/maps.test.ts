import { describe, expect, it } from 'vitest';
import { MODBUS_MAPS, registerValue } from '../../../src/powermeter/modbus/maps';

describe('Modbus register maps', () => {
  it("hold the datasheets' addresses (Eastron 3xxxx input registers, Chint holding registers)", () => {
    // Eastron: "30053 Total system power" is input register 52 = 0x0034; "30073/30075" import/export kWh.
    expect(MODBUS_MAPS.sdm630.power.address).toBe(52);
    expect(MODBUS_MAPS.sdm630.importEnergy?.address).toBe(72);
    expect(MODBUS_MAPS.sdm630.exportEnergy?.address).toBe(74);
    // SDM120: "30013 Active power".
    expect(MODBUS_MAPS.sdm120.power.address).toBe(12);
    expect(MODBUS_MAPS.sdm120.registerType).toBe('input');
    // DTSU666: Pt at 0x2012 (8210) in 0.1 W; DDSU666: P at 0x2004 in kW.
    expect(MODBUS_MAPS.dtsu666).toMatchObject({
      registerType: 'holding',
      power: { address: 8210, scale: 0.1 },
    });
    expect(MODBUS_MAPS.ddsu666).toMatchObject({
      registerType: 'holding',
      power: { address: 0x2004, scale: 1000 },
    });
  });

  it('reads every data type in both word orders', () => {
    const spec = (
      type: 'float32' | 'int16' | 'int32' | 'uint32',
      wordOrder: 'high_first' | 'low_first',
      scale = 1,
    ) => ({
      address: 0,
      type,
      wordOrder,
      scale,
    });
    // −1234.5 as an IEEE float is 0xc49a5000.
    expect(registerValue(spec('float32', 'high_first'), [0xc49a, 0x5000])).toBe(-1234.5);
    expect(registerValue(spec('float32', 'low_first'), [0x5000, 0xc49a])).toBe(-1234.5);
    expect(registerValue(spec('int16', 'high_first'), [0xfc18])).toBe(-1000);
    expect(registerValue(spec('int32', 'high_first', 0.1), [0xffff, 0xfb2e])).toBeCloseTo(-123.4, 10);
    expect(registerValue(spec('int32', 'low_first'), [0xfb2e, 0xffff])).toBe(-1234);
    expect(registerValue(spec('uint32', 'high_first'), [0x0001, 0x0000])).toBe(65536);
    expect(registerValue(spec('uint32', 'low_first', -1), [0x0000, 0x0001])).toBe(-65536);
  });
});
