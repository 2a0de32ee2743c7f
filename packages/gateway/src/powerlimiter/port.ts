/**
 * What the limiter needs of the inverters, and the plant's implementation of it. The limiter can only ask
 * for non-persistent limits: this interface has no way to send a persistent one.
 */
import type { SetStatus } from '@dtu-console/contract';
import { FAMILIES, LimitType, type RadioKind } from '@dtu-console/hoymiles';
import type { CommandResult } from '../engine/engine';
import type { Plant } from '../plant';

export interface InverterView {
  serial: string;
  reachable: boolean;
  /** Commands are sent now (command_enable and the night rule). */
  commandsEnabled: boolean;
  /** Rated power, W; 0 while unknown. */
  ratedW: number;
  /** AC output as last polled, W. */
  outputW: number;
  /** Gateway clock (epoch ms) of the last good data; 0 without. */
  dataAtMs: number;
  /** The limit as read back, W; null while unknown. */
  limitW: number | null;
  limitStatus: SetStatus;
  radio: RadioKind;
  /** False for an MI whose owner has not opted in: the limiter leaves it alone (docs/limiter.md). */
  governable?: boolean;
}

/** A limit the limiter may send: always non-persistent. */
export interface TemporaryLimit {
  value: number;
  /** % of the rated power when true, W otherwise. */
  relative: boolean;
}

export interface InverterPort {
  inverter(serial: string): InverterView | undefined;
  sendLimit(serial: string, limit: TemporaryLimit): CommandResult;
  /** Switches an inverter on or off (standby of the battery-fed ones); absent where there is none. */
  sendPower?(serial: string, action: 'on' | 'off'): CommandResult;
}

export function plantPort(plant: Plant): InverterPort {
  return {
    inverter(serial) {
      const inv = plant.live.inverter(serial);
      if (!inv) return undefined;
      return {
        serial: inv.serial,
        reachable: inv.reachable,
        commandsEnabled: inv.commandsEnabled,
        ratedW: inv.maxPowerW,
        outputW: inv.values.ac.power,
        dataAtMs: inv.lastUpdateEpochMs,
        limitW: inv.limitKnown ? inv.limitAbsoluteW : null,
        limitStatus: inv.limitSetStatus,
        radio: FAMILIES[inv.family].radio,
        governable: inv.mi === undefined || inv.mi.limiterOptIn,
      };
    },
    sendLimit(serial, limit) {
      const type = limit.relative ? LimitType.RelativeNonPersistent : LimitType.AbsoluteNonPersistent;
      return plant.engine.setLimit(serial, { value: limit.value, type });
    },
    sendPower(serial, action) {
      return plant.engine.setPower(serial, action);
    },
  };
}
