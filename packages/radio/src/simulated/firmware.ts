/** What each simulated family is: the model it simulates and the firmware it reports. */
import type { DeviceInfoAll, FamilyId, FamilyInfo } from '@dtu-console/hoymiles';

/** HERF inverters are OEM versions of HM inverters: the simulation gives both one firmware. */
const HM_FIRMWARE: DeviceInfoAll = {
  fwBuildVersion: 10016,
  buildYear: 2021,
  buildMonth: 10,
  buildDay: 21,
  buildHour: 15,
  buildMinute: 12,
  bootloaderVersion: 100,
};

/** What each series reports as its firmware; HMS 1.1.12 enables power distribution logic on HMS-4T. */
export const FIRMWARE: Record<FamilyInfo['series'], DeviceInfoAll> = {
  HM: HM_FIRMWARE,
  HERF: HM_FIRMWARE,
  HMS: {
    fwBuildVersion: 10112,
    buildYear: 2023,
    buildMonth: 3,
    buildDay: 14,
    buildHour: 9,
    buildMinute: 5,
    bootloaderVersion: 2,
  },
  // The MI series reports a plain version word; 236 is what a real MI-600 (2018) answers.
  MI: {
    fwBuildVersion: 236,
    buildYear: 2018,
    buildMonth: 11,
    buildDay: 27,
    buildHour: 8,
    buildMinute: 50,
    bootloaderVersion: 17,
  },
  HMT: {
    fwBuildVersion: 10102,
    buildYear: 2023,
    buildMonth: 6,
    buildDay: 2,
    buildHour: 11,
    buildMinute: 40,
    bootloaderVersion: 2,
  },
};

/** The model each family simulates (the largest of the family, except HERF-300, which is an HM-300 inside). */
export const DEFAULT_MODEL: Record<FamilyId, string> = {
  HM_1CH: 'HM-400-1T',
  HM_2CH: 'HM-800-2T',
  HM_4CH: 'HM-1500-4T',
  HMS_1CH: 'HMS-500-1T',
  HMS_1CHv2: 'HMS-500-1T v2',
  HMS_2CH: 'HMS-800-2T',
  HMS_4CH: 'HMS-2000-4T',
  HMT_4CH: 'HMT-2000-4T',
  HMT_6CH: 'HMT-2250-6T',
  HERF_1CH: 'HM-300-1T',
  HERF_2CH: 'HERF-800',
  HERF_4CH: 'HERF-1800',
  MI_1CH: 'MI-300',
  MI_2CH: 'MI-600',
  MI_4CH: 'MI-1500',
};
