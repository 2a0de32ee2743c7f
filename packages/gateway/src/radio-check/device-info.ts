/**
 * `radio-check --serial`: asks one inverter for its device info over any `Radio` (a chip driver wrapped by
 * check.ts, a replayed capture in tests) and prints what it answered (docs/hardware.md, First contact).
 * The exchanges are the engine's own transactions, so the address rule and its counters are the
 * gateway's: an answer naming a third address in bytes 5..8 answered another DTU and is said so.
 */
import type { Clock } from '@dtu-console/clock';
import {
  addressOfSerial,
  buildChannelChange,
  buildDataRequest,
  cmtCountry,
  DataType,
  decodeDeviceInfoAll,
  decodeDeviceInfoSimple,
  FAMILIES,
  familyOfSerial,
  formatAddress,
  formatBuildDateTime,
  formatFirmwareVersion,
  formatHardwareVersion,
  lookupModel,
  parseFrame,
  type RadioKind,
  ResponseCommand,
  type Result,
} from '@dtu-console/hoymiles';
import type { Radio, RadioRequest, RadioSettings } from '@dtu-console/radio/radio';
import { RadioStatistics } from '../engine/radio-stats';
import {
  AnswerWindowMs,
  runTransaction,
  type TransactionResult,
  transmitBounded,
} from '../engine/transaction';

/** What the inverter did: answered with its device info, answered another DTU only, or nothing heard. */
export type DeviceInfoOutcome = 'answered' | 'other-dtu' | 'silent';

export interface DeviceInfoDeps {
  clock: Clock;
  out: (line: string) => void;
}

/** The radio an inverter of this serial talks on, or undefined when the serial is no supported inverter's. */
export function radioOfSerial(serial: string): RadioKind | undefined {
  const family = familyOfSerial(serial);
  return family ? FAMILIES[family].radio : undefined;
}

export const notAnInverter = (serial: string) => `${serial} is not the serial of a supported inverter`;

const mhz = (hz: number) => `${(hz / 1e6).toFixed(2)} MHz`;

/**
 * Every frame the radio hands back is also looked at here: those of this inverter that name a third
 * address in bytes 5..8 (the protocol's own rule, `parseFrame` with the address filter) give that address.
 */
function overheard(radio: Radio, serial: string, dtu: string): { radio: Radio; otherDtus: Set<string> } {
  const otherDtus = new Set<string>();
  return {
    otherDtus,
    radio: {
      name: radio.name,
      configure: (settings) => radio.configure(settings),
      status: () => radio.status(),
      start: () => radio.start(),
      stop: () => radio.stop(),
      transmit: async (request: RadioRequest) => {
        const frames = await radio.transmit(request);
        for (const frame of frames) {
          const checked = parseFrame(frame, { inverter: serial, dtu });
          if (checked.ok || checked.error.code !== 'other-dtu') continue;
          const plain = parseFrame(frame);
          if (plain.ok) otherDtus.add(formatAddress(plain.value.dtuAddress));
        }
        return frames;
      },
    },
  };
}

/** Asks the inverter for its device info and prints it; an HMS/HMT is also tried after a channel change. */
export async function askDeviceInfo(
  serial: string,
  settings: RadioSettings,
  radio: Radio,
  deps: DeviceInfoDeps,
): Promise<DeviceInfoOutcome> {
  const { out, clock } = deps;
  const radioKind = radioOfSerial(serial);
  if (!radioKind) {
    out(`  ✗ ${notAnInverter(serial)}`);
    return 'silent';
  }
  const stats = new RadioStatistics();
  const heard = overheard(radio, serial, settings.dtuSerial);
  const ask = <T>(type: DataType, decode: (payload: Uint8Array) => Result<T>) =>
    runTransaction<T>(
      { radio: heard.radio, clock, stats },
      {
        radio: radioKind,
        frame: buildDataRequest({
          inverter: serial,
          dtu: settings.dtuSerial,
          dataType: type,
          time: clock.now() / 1000,
        }),
        windowMs: AnswerWindowMs.deviceInfo,
        responseCommand: ResponseCommand.DataResponse,
        inverter: serial,
        dtu: settings.dtuSerial,
        decode,
      },
    );
  let simple = await ask(DataType.DeviceInfoSimple, decodeDeviceInfoSimple);
  // An inverter heard answering another DTU is on this frequency already: no channel change.
  if (!simple.ok && radioKind === 'CMT' && stats.otherDtuFrames === 0) {
    const country = cmtCountry(settings.cmtCountry);
    if (country) {
      out(
        `  no answer on ${mhz(settings.cmtFrequencyHz)}: telling it on ${mhz(country.startupFrequencyHz)} (its start-up frequency) to move there`,
      );
      const frame = buildChannelChange({
        inverter: serial,
        dtu: settings.dtuSerial,
        country: settings.cmtCountry,
        frequencyHz: settings.cmtFrequencyHz,
      });
      await transmitBounded(
        { radio: heard.radio, clock },
        {
          radio: 'CMT',
          frame,
          frequencyHz: country.startupFrequencyHz,
          windowMs: AnswerWindowMs.channelChange,
        },
      );
      await clock.sleep(2000);
      simple = await ask(DataType.DeviceInfoSimple, decodeDeviceInfoSimple);
    }
  }
  if (!simple.ok) {
    if (stats.otherDtuFrames > 0) {
      out(
        `  ✗ the inverter answered, but to another DTU (${[...heard.otherDtus].join(', ')} in bytes 5..8 of ${stats.otherDtuFrames} frame${stats.otherDtuFrames === 1 ? '' : 's'}, this DTU is ${dtuAddress(settings.dtuSerial)}): is another DTU polling it? Nothing read.`,
      );
      return 'other-dtu';
    }
    out(`  ✗ no device info: ${failureText(simple)}`);
    return 'silent';
  }
  const info = simple.value;
  const model = lookupModel(info.hwPartNumber);
  out(
    `  ✓ answers: ${model.model || 'unknown model'} (part number 0x${info.hwPartNumber.toString(16).toUpperCase()}, hardware ${formatHardwareVersion(info)})`,
  );
  const all = await ask(DataType.DeviceInfoAll, decodeDeviceInfoAll);
  if (all.ok) {
    const value = all.value;
    out(
      `    firmware ${formatFirmwareVersion(value.fwBuildVersion)} built ${formatBuildDateTime(value)}, bootloader ${formatFirmwareVersion(value.bootloaderVersion)}`,
    );
  } else {
    out(`    ✗ no firmware info: ${failureText(all)}`);
  }
  return 'answered';
}

function dtuAddress(dtuSerial: string): string {
  const address = addressOfSerial(dtuSerial);
  return address.ok ? formatAddress(address.value) : dtuSerial;
}

function failureText(result: Extract<TransactionResult<unknown>, { ok: false }>): string {
  return result.failure === 'nothing'
    ? 'no answer at all (is it in daylight, in range, the serial right?)'
    : `the answer was ${result.failure}${result.error ? ` (${result.error.message})` : ''}`;
}
