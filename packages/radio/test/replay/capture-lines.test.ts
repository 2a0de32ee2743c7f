/**
 * The line shapes owners' logs come in (docs/replay.md), each with a line of the form it was published in:
 * the frame's direction, radio place and bytes come out; every other line is not a frame.
 */
import { describe, expect, it } from 'vitest';
import { parseCaptureLine } from '../../src/replay/capture-lines';

const HM = '95 83 06 97 59 83 06 97 59 03 00 04 00 00 9D 2D 00 00 00 A4 00 B3 00 01 09 35 08';
const MI_REQUEST = '0f 60 10 00 13 86 09 76 68 00 fd';

function frame(text: string) {
  const parsed = parseCaptureLine(text, 7);
  if (!parsed?.ok) throw new Error(`not a frame: ${text}`);
  const { bytes, ...rest } = parsed.frame;
  return { ...rest, bytes: [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ') };
}

describe('parseCaptureLine', () => {
  it("reads OpenDTU's verbose nRF24 and CMT2300A lines, with the command name and signal strength", () => {
    expect(frame(`11:59:55.853 > RX Channel: 40 --> ${HM} | -80 dBm`)).toMatchObject({
      format: 'opendtu',
      direction: 'rx',
      channel: 40,
      rssi: -80,
      bytes: HM.toLowerCase(),
    });
    expect(
      frame('19:14:27.982 > TX SystemConfigPara 865.00 MHz --> 15 84 67 55 36 80 16 22 96 80 05 00'),
    ).toMatchObject({
      direction: 'tx',
      commandName: 'SystemConfigPara',
      frequencyHz: 865_000_000,
    });
  });

  it("reads OpenDTU's syslog form, with a number between the command name and the frequency", () => {
    expect(
      frame('TX ActivePowerControl (01) 868.00 MHz --> 51 84 67 55 36 80 16 22 96 81 0B 00'),
    ).toMatchObject({
      format: 'opendtu',
      direction: 'tx',
      commandName: 'ActivePowerControl',
      frequencyHz: 868_000_000,
    });
  });

  it("reads OpenDTU's first lines (2022): bare TX bytes and '>> RX OK:'", () => {
    expect(
      frame('22:28:13.969 > TX 51 72 61 55 82 78 56 34 12 81 0B 00 01 2C 01 00 C5 C0 3E '),
    ).toMatchObject({
      format: 'opendtu',
      direction: 'tx',
      bytes: '51 72 61 55 82 78 56 34 12 81 0b 00 01 2c 01 00 c5 c0 3e',
    });
    expect(
      frame('22:28:14.897 > >> RX  OK: D1 72 61 55 82 72 61 55 82 81 00 00 0B 00 14 07 48 '),
    ).toMatchObject({
      direction: 'rx',
      bytes: 'd1 72 61 55 82 72 61 55 82 81 00 00 0b 00 14 07 48',
    });
  });

  it("reads AhoyDTU's Raspberry Pi tool: answers on a channel or a pipe, and its requests", () => {
    expect(frame(`Received 27 bytes on channel 75 after 12 ms: ${HM}`)).toMatchObject({
      format: 'ahoy',
      direction: 'rx',
      channel: 75,
    });
    const pipe = frame(`Received 27 bytes on pipe 1: ${HM}`);
    expect(pipe).toMatchObject({ format: 'ahoy', direction: 'rx' });
    expect(pipe).not.toHaveProperty('channel');
    expect(frame(`2022-05-01 12:00:00 Transmit | ${MI_REQUEST}`)).toMatchObject({
      format: 'ahoy',
      direction: 'tx',
      bytes: MI_REQUEST,
    });
  });

  it("reads AhoyDTU's ESP firmware lines, with a channel or a frequency and the signal strength", () => {
    expect(frame(`11:15:37 I: TX 11B Ch40 | ${MI_REQUEST} `)).toMatchObject({
      format: 'ahoy-esp',
      direction: 'tx',
      channel: 40,
      bytes: MI_REQUEST,
    });
    expect(frame(`I: RX 27B 865.00MHz -62dBm | ${HM}`)).toMatchObject({
      format: 'ahoy-esp',
      direction: 'rx',
      frequencyHz: 865_000_000,
      rssi: -62,
    });
  });

  it("reads AhoyDTU 0.8's lines: a request on a frequency without its count, an answer with its delay", () => {
    expect(frame('I: (#1) TX 868.00Mhz | 15 83 74 81 74 80 16 22 96 80 0B 00')).toMatchObject({
      format: 'ahoy-esp',
      direction: 'tx',
      frequencyHz: 868_000_000,
    });
    expect(frame(`I: (#0) RX  82ms | 27 -40dBm | ${HM}`)).toMatchObject({
      format: 'ahoy-esp',
      direction: 'rx',
      rssi: -40,
      bytes: HM.toLowerCase(),
    });
    expect(parseCaptureLine(`I: (#0) RX  82ms | 26 -40dBm | ${HM}`, 5)).toMatchObject({ ok: false });
  });

  it('reports a byte count that does not match, and a shortened paste, as problems of that line', () => {
    expect(parseCaptureLine(`RX 26B Ch75 | ${HM}`, 3)).toEqual({
      ok: false,
      problem: { line: 3, message: 'says 26 bytes but holds 27' },
    });
    expect(parseCaptureLine('RX Channel: 3 --> 95 83 06 97 59 83 …', 4)).toMatchObject({
      ok: false,
      problem: { line: 4 },
    });
  });

  it('leaves every other line alone', () => {
    for (const text of [
      'Interrupt received',
      'RX Period End',
      'Success',
      'TX is busy',
      'Received nothing',
      '',
    ]) {
      expect(parseCaptureLine(text, 1), text).toBeNull();
    }
  });
});
