/**
 * `radio-check --serial` against a real HM-1200's capture, replayed: the printed model, firmware, build
 * date and bootloader are the ones decoded by hand in the capture's index entry; the same answers naming
 * a third address in bytes 5..8 are said to answer another DTU, and nothing is read from them.
 */
import { ManualClock } from '@dtu-console/clock';
import { crc8, DataType, formatFirmwareVersion } from '@dtu-console/hoymiles';
import type { RadioSettings } from '@dtu-console/radio/radio';
import { ReplayRadio } from '@dtu-console/radio/replay/replay-radio';
import { describe, expect, it } from 'vitest';
import { type CaptureEntry, readCaptureLog, readCorpus } from '../../../radio/test/helpers/capture-corpus';
import { askDeviceInfo, type DeviceInfoOutcome } from '../../src/radio-check/device-info';

/** 21 June 2026 12:00 CEST. */
const NOON = Date.UTC(2026, 5, 21, 10, 0, 0);
const STEM = 'hm-devinfo-onbattery-903-1';
/** A DTU serial of our own: its address is neither the capture's DTU nor the inverter. */
const OUR_DTU = '199980112345';

const entry = (): CaptureEntry => {
  const found = readCorpus().find((e) => e.stem === STEM);
  if (!found) throw new Error(`${STEM} is not in the corpus`);
  return found;
};

const settings: RadioSettings = {
  dtuSerial: OUR_DTU,
  nrfEnabled: true,
  nrfPaLevel: 0,
  cmtEnabled: false,
  cmtPaLevel: 0,
  cmtFrequencyHz: 865_000_000,
  cmtCountry: 0 as RadioSettings['cmtCountry'],
};

/** The capture's `RX … --> <bytes> |` lines with bytes 5..8 replaced and the CRC8 made again. */
function answersTo(log: string, address: [number, number, number, number]): string {
  return log.replace(/(> RX Channel: \d+ --> )([0-9A-F ]+?)( \|)/g, (_line, head, hex: string, tail) => {
    const bytes = Uint8Array.from(hex.split(' ').map((b) => Number.parseInt(b, 16)));
    bytes.set(address, 5);
    bytes[bytes.length - 1] = crc8(bytes, 0, bytes.length - 1);
    const text = [...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
    return `${head}${text}${tail}`;
  });
}

/** Runs the request over the replayed capture, moving the clock on until it ends. */
async function ask(log: string, serial: string) {
  const clock = new ManualClock(NOON);
  const radio = new ReplayRadio({ file: `${STEM}.log`, read: async () => log });
  await radio.start();
  const transmitted: number[] = [];
  const recording = {
    name: radio.name,
    configure: () => undefined,
    status: () => radio.status(),
    start: () => undefined,
    stop: () => undefined,
    transmit: (request: Parameters<ReplayRadio['transmit']>[0]) => {
      transmitted.push(request.frame[10] ?? -1);
      return radio.transmit(request);
    },
  };
  const lines: string[] = [];
  let outcome: DeviceInfoOutcome | undefined;
  void askDeviceInfo(serial, settings, recording, { clock, out: (line) => lines.push(line) }).then((o) => {
    outcome = o;
  });
  while (outcome === undefined) await clock.advance(50);
  return { outcome, text: lines.join('\n'), transmitted };
}

describe('radio-check --serial against a real HM-1200 (replayed capture)', () => {
  it('prints the model from the part number, the firmware, its build date and the bootloader', async () => {
    const capture = entry();
    const devinfo = (request: string) => {
      const exchange = capture.exchanges.find((e) => e.request === request);
      expect(exchange?.answer_bytes_5_8).toBe('inverter');
      return exchange!.expected.devinfo as Record<string, number | string>;
    };
    const all = devinfo('device-info-all');
    const simple = devinfo('device-info-simple');
    const { outcome, text } = await ask(readCaptureLog(capture), capture.serial!);

    expect(outcome).toBe('answered');
    expect(text).toContain(
      `✓ answers: HM-1200-4T (part number 0x${Number(simple.hw_part_number).toString(16).toUpperCase()}, hardware ${simple.hw_version})`,
    );
    expect(text).toContain(
      `firmware ${formatFirmwareVersion(Number(all.fw_build_version))} built ${all.fw_build_datetime}, bootloader ${formatFirmwareVersion(Number(all.fw_bootloader_version))}`,
    );
    // The hand decoding in the entry's derivation, in the words a user reads.
    expect(text).toContain('firmware 1.0.18 built 2021-12-24 18:21:00, bootloader 0.1.0');
  });

  it('says the inverter answered another DTU and reads nothing when bytes 5..8 name a third address', async () => {
    const capture = entry();
    const log = answersTo(readCaptureLog(capture), [0x80, 0x12, 0x34, 0x56]);
    const { outcome, text, transmitted } = await ask(log, capture.serial!);

    expect(outcome).toBe('other-dtu');
    expect(text).toMatch(
      /✗ the inverter answered, but to another DTU \(80123456 in bytes 5\.\.8 of \d+ frames?, this DTU is 80112345\): is another DTU polling it\? Nothing read\./,
    );
    expect(text).not.toMatch(/✓ answers|firmware/);
    // The engine resent the simple request and never went on to the full device info.
    expect(transmitted.length).toBeGreaterThan(1);
    expect(transmitted.every((type) => type === DataType.DeviceInfoSimple)).toBe(true);
  });

  it('still reads the answers when bytes 5..8 name the capture DTU (played to this DTU)', async () => {
    const capture = entry();
    const log = answersTo(readCaptureLog(capture), [0x80, 0x17, 0x72, 0x52]);
    const { outcome, text } = await ask(log, capture.serial!);
    expect(outcome).toBe('answered');
    expect(text).toContain('firmware 1.0.18 built 2021-12-24 18:21:00, bootloader 0.1.0');
  });
});
