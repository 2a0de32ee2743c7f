/** What the engine makes of an MI's answers beyond the protocol (docs/protocol.md, The MI series). */
import type { DeviceInfoAll, DeviceInfoSimple, MiInfo } from '@dtu-console/hoymiles';

/**
 * The conversion efficiency assumed for the AC power estimate of an MI (which reports DC power only):
 * a typical figure of the series' datasheets, not a measurement. Estimated values are marked as such.
 */
export const MI_ESTIMATED_EFFICIENCY = 0.95;

/** The info answer in the shape the other families' device info takes (model and rated power included). */
export function miDeviceInfo(info: MiInfo): { all: DeviceInfoAll; simple: DeviceInfoSimple } {
  return {
    all: {
      fwBuildVersion: info.fwVersion,
      buildYear: info.fwBuildYear,
      buildMonth: Math.floor(info.fwBuildMonthDay / 100),
      buildDay: info.fwBuildMonthDay % 100,
      buildHour: Math.floor(info.fwBuildHourMinute / 100),
      buildMinute: info.fwBuildHourMinute % 100,
      bootloaderVersion: info.bootloaderVersion,
    },
    simple: {
      fwVersion: info.fwVersion,
      hwPartNumber: info.hwPartNumber ?? 0,
      hwVersionMajor: info.hwVersion >> 8,
      hwVersionMinor: info.hwVersion & 0xff,
    },
  };
}
