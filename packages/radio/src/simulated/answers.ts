/**
 * A virtual inverter's answers, encoded as a real one sends them: the payload of each data type cut into
 * response fragments, and the device-control acknowledgement.
 */
import {
  Command,
  DataType,
  type DeviceControlCommand,
  type DeviceInfoAll,
  encodeDeviceControlAck,
  encodeDeviceInfoAll,
  encodeDeviceInfoSimple,
  encodeEventLog,
  encodeGridProfile,
  encodeResponseFragments,
  encodeRunData,
  encodeSystemConfig,
  eventLogEntryFromUtc,
  FAMILIES,
  type FamilyId,
  gridProfileExamples,
  type RunDataState,
  subCommandOf,
} from '@dtu-console/hoymiles';
import type { SimulatedEventEntry } from './events';
import type { Random } from './random';

/** What the answers are made of. */
export interface AnswerSource {
  family: FamilyId;
  firmware: DeviceInfoAll;
  hwPartNumber: number;
  runData(): RunDataState;
  /** Light so weak that a run-data answer may come out short. */
  marginalLight(): boolean;
  /** Probability that such an answer is truncated (valid CRC, too short). */
  lowLightTruncation(): number;
  random: Random;
  limitPercent(): number;
  events(): readonly SimulatedEventEntry[];
}

/** The fragments answering a data request; undefined for a data type it does not answer. */
export function dataAnswer(
  dataType: number,
  address: { inverter: number; dtu: number },
  source: AnswerSource,
): Uint8Array[] | undefined {
  const payload = dataPayload(dataType, source);
  if (payload === undefined) return undefined;
  return encodeResponseFragments({ ...address, command: Command.DataRequest, ...payload });
}

export function controlAck(
  address: { inverter: number; dtu: number },
  command: DeviceControlCommand,
): Uint8Array[] {
  return encodeDeviceControlAck({ ...address, subCommand: subCommandOf(command) });
}

function dataPayload(
  dataType: number,
  source: AnswerSource,
): { payload: Uint8Array; appendCrc16?: boolean } | undefined {
  switch (dataType) {
    case DataType.RunData: {
      const payload = encodeRunData(source.family, source.runData());
      if (source.marginalLight() && source.random.chance(source.lowLightTruncation())) {
        // Weak light: a clean but short answer (valid CRC16), which the gateway must reject.
        const cut = 2 + Math.floor(source.random.next() * 6);
        return { payload: payload.slice(0, Math.max(2, payload.length - 2 - cut)), appendCrc16: true };
      }
      return { payload };
    }
    case DataType.DeviceInfoAll:
      return { payload: encodeDeviceInfoAll(source.firmware) };
    case DataType.DeviceInfoSimple:
      return {
        payload: encodeDeviceInfoSimple({
          fwVersion: source.firmware.fwBuildVersion,
          hwPartNumber: source.hwPartNumber,
          hwVersionMajor: 1,
          hwVersionMinor: 0,
        }),
      };
    case DataType.GridProfile: {
      const encoded = gridProfilePayload();
      return encoded ? { payload: encoded } : undefined;
    }
    case DataType.SystemConfig:
      return {
        payload: encodeSystemConfig({ limitPercent: source.limitPercent() }, FAMILIES[source.family].radio),
      };
    case DataType.EventLog:
      return {
        payload: encodeEventLog(
          source.events().map((e) => eventLogEntryFromUtc(e.messageId, e.start, e.end, e.extraBits)),
        ),
      };
    default:
      return undefined; // unknown data types stay unanswered
  }
}

// Every simulated inverter sends the richest example profile; encoded once.
let gridProfile: Uint8Array | null | undefined;
function gridProfilePayload(): Uint8Array | null {
  if (gridProfile === undefined) {
    const examples = gridProfileExamples().sort((a, b) => b.data.sections.length - a.data.sections.length);
    const first = examples[0];
    const encoded = first ? encodeGridProfile(first.data) : undefined;
    gridProfile = encoded?.ok ? encoded.value : null;
  }
  return gridProfile;
}
