/** The unit choices of values read from MQTT, in the order of the contract's factors (the unit's number). */
import type { BatteryUnitFactors, SolarPowerUnitFactors } from '@dtu-console/contract/battery/limits';
import type { SelectOption } from '../form';

const VOLTAGE = ['V', 'dV', 'cV', 'mV'] as const satisfies { length: (typeof BatteryUnitFactors)['length'] };
const CURRENT = ['A', 'dA', 'cA', 'mA'] as const satisfies { length: (typeof BatteryUnitFactors)['length'] };
const POWER = ['W', 'kW'] as const satisfies { length: (typeof SolarPowerUnitFactors)['length'] };

const choices = (units: readonly string[]): SelectOption[] => units.map((label, value) => ({ value, label }));

export const VOLTAGE_UNITS = choices(VOLTAGE);
export const CURRENT_UNITS = choices(CURRENT);
export const POWER_UNITS = choices(POWER);
