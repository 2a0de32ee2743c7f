/**
 * The Wi-Fi devices the virtual device can play: Hoymiles inverters with Wi-Fi built in (each its own
 * device, serving itself) and DTUs that serve radio inverters behind them. The physics of each inverter
 * is the simulated radio plant's (`radio/simulated/`), under the family that matches its inputs.
 */
import type { FamilyId } from '@dtu-console/hoymiles';

export interface WifiSimModel {
  name: string;
  kind: 'inverter' | 'dtu';
  /** First four hex digits of the device's own serial. */
  dtuPrefix: string;
  /** Inverter-kind: first four hex digits of the inverter's serial, and its physics family. */
  inverter: { prefix: string; family: FamilyId; model: string };
  /** The device's firmware as the device info reports it (e.g. 10011 = V01.00.11). */
  swVersion: number;
  hwVersion: number;
}

export const WIFI_SIM_MODELS: readonly WifiSimModel[] = [
  {
    name: 'HMS-400W-1T',
    kind: 'inverter',
    dtuPrefix: '4143',
    inverter: { prefix: '1403', family: 'HMS_1CH', model: 'HMS-400W-1T' },
    swVersion: 10011,
    hwVersion: 256,
  },
  {
    name: 'HMS-800W-2T',
    kind: 'inverter',
    dtuPrefix: '4143',
    inverter: { prefix: '1412', family: 'HMS_2CH', model: 'HMS-800W-2T' },
    swVersion: 10011,
    hwVersion: 256,
  },
  {
    name: 'HMS-2000DW-4T',
    kind: 'inverter',
    dtuPrefix: '4143',
    inverter: { prefix: '1222', family: 'HMS_4CH', model: 'HMS-2000DW-4T' },
    swVersion: 10011,
    hwVersion: 256,
  },
  {
    name: 'DTU-Pro',
    kind: 'dtu',
    dtuPrefix: '10F7',
    inverter: { prefix: '1144', family: 'HMS_2CH', model: 'HMS-800-2T' },
    swVersion: 10210,
    hwVersion: 512,
  },
  {
    name: 'DTU-Lite',
    kind: 'dtu',
    dtuPrefix: '10D6',
    inverter: { prefix: '1144', family: 'HMS_2CH', model: 'HMS-800-2T' },
    swVersion: 10210,
    hwVersion: 512,
  },
];

export function wifiSimModel(name: string): WifiSimModel | undefined {
  return WIFI_SIM_MODELS.find((m) => m.name.toLowerCase() === name.toLowerCase());
}
