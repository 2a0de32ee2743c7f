/**
 * HMS/HMT channel change (command 0x56) and the CMT2300A frequency ↔ channel rules.
 *
 * Frame: 56 <inv> <dtu> P1 P2 P3 <channel> 14 <CRC8>, P1..P3 = 02 15 21 (EU) or 03 17 3C (US, BR).
 * No CRC16; it is sent on the inverter's start-up frequency. An HMS answers it with
 * D6 <inv> <dtu> P1 00 P2 P3 <CRC8> (captured for EU; docs/protocol.md, assumptions register), which the
 * engine does not need: whether the inverter moved shows in its next answer on the new frequency.
 */
import radio from '../../data/dtu-radio.json';
import { fail, ok, type Result } from '../errors';
import {
  type AddressFilter,
  buildFrame,
  Command,
  type Endpoint,
  FRAME_HEADER_LENGTH,
  hex2,
  parseRawFrame,
  type RadioAddress,
  RESPONSE_FLAG,
  resolveEndpoint,
} from '../wire';

export type CmtCountryKey = 'EU' | 'US' | 'BR';

export interface CmtCountry {
  /** `cmt_country` setting value. */
  id: number;
  key: CmtCountryKey;
  baseFrequencyHz: number;
  freqMinHz: number;
  freqMaxHz: number;
  freqLegalMinHz: number;
  freqLegalMaxHz: number;
  freqDefaultHz: number;
  /** Where an inverter listens after power-up or after losing the DTU. */
  startupFrequencyHz: number;
  channelChangePrefix: readonly [number, number, number];
}

interface RawCountry {
  id: number;
  key: string;
  baseFrequencyHz: number;
  freq_min: number;
  freq_max: number;
  freq_legal_min: number;
  freq_legal_max: number;
  freq_default: number;
  inverterStartupFrequencyHz: number;
  channelChangePrefix: string;
}

export const CMT_CHANNEL_WIDTH_HZ: number = radio.cmt2300a.channelWidthHz;
/** Byte 13 of every channel-change frame. */
export const CHANNEL_CHANGE_TRAILER = 0x14;
export const CHANNEL_CHANGE_LENGTH = 15;

function toCountry(raw: RawCountry): CmtCountry {
  const prefix = raw.channelChangePrefix.split(' ').map((h) => Number.parseInt(h, 16));
  if (prefix.length !== 3 || prefix.some((b) => !(b >= 0 && b <= 0xff))) {
    throw new Error(`dtu-radio.json: bad channelChangePrefix for ${raw.key}`);
  }
  if (raw.key !== 'EU' && raw.key !== 'US' && raw.key !== 'BR') {
    throw new Error(`dtu-radio.json: unknown country key ${raw.key}`);
  }
  return {
    id: raw.id,
    key: raw.key,
    baseFrequencyHz: raw.baseFrequencyHz,
    freqMinHz: raw.freq_min,
    freqMaxHz: raw.freq_max,
    freqLegalMinHz: raw.freq_legal_min,
    freqLegalMaxHz: raw.freq_legal_max,
    freqDefaultHz: raw.freq_default,
    startupFrequencyHz: raw.inverterStartupFrequencyHz,
    channelChangePrefix: [prefix[0]!, prefix[1]!, prefix[2]!],
  };
}

/** The CMT countries in `cmt_country` order (0 Europe, 1 North America, 2 Brazil). */
export const CMT_COUNTRIES: readonly CmtCountry[] = (radio.cmt2300a.countries as RawCountry[]).map(toCountry);

/** Looks a country up by key ('EU') or by `cmt_country` id (0). */
export function cmtCountry(country: CmtCountryKey | number): CmtCountry | undefined {
  return CMT_COUNTRIES.find((c) => (typeof country === 'number' ? c.id === country : c.key === country));
}

function countryResult(country: CmtCountryKey | number): Result<CmtCountry> {
  const found = cmtCountry(country);
  return found ? ok(found) : fail('invalid-value', `unknown CMT country ${country}`);
}

/**
 * Frequency → channel: valid only on the 250 kHz grid within freq_min..freq_max.
 * A frequency outside the legal range is still valid (see isFrequencyLegal for the warning).
 */
export function cmtChannelOfFrequency(country: CmtCountryKey | number, frequencyHz: number): Result<number> {
  const c = countryResult(country);
  if (!c.ok) return c;
  const { freqMinHz, freqMaxHz, baseFrequencyHz } = c.value;
  if (!Number.isInteger(frequencyHz) || frequencyHz % CMT_CHANNEL_WIDTH_HZ !== 0) {
    return fail('invalid-value', `${frequencyHz} Hz is not a multiple of ${CMT_CHANNEL_WIDTH_HZ} Hz`);
  }
  if (frequencyHz < freqMinHz || frequencyHz > freqMaxHz) {
    return fail('invalid-value', `${frequencyHz} Hz is outside ${freqMinHz}..${freqMaxHz} Hz`);
  }
  return ok((frequencyHz - baseFrequencyHz) / CMT_CHANNEL_WIDTH_HZ);
}

/** Channel → frequency: base + channel × 250 kHz; fails for channels outside the country's range. */
export function cmtFrequencyOfChannel(country: CmtCountryKey | number, channel: number): Result<number> {
  const c = countryResult(country);
  if (!c.ok) return c;
  const frequencyHz = c.value.baseFrequencyHz + channel * CMT_CHANNEL_WIDTH_HZ;
  if (!Number.isInteger(channel) || frequencyHz < c.value.freqMinHz || frequencyHz > c.value.freqMaxHz) {
    return fail('invalid-value', `channel ${channel} is outside the ${c.value.key} range`);
  }
  return ok(frequencyHz);
}

/** False means: allowed, but the console and the log warn about local regulations. */
export function isFrequencyLegal(country: CmtCountryKey | number, frequencyHz: number): boolean {
  const c = cmtCountry(country);
  return c !== undefined && frequencyHz >= c.freqLegalMinHz && frequencyHz <= c.freqLegalMaxHz;
}

export type ChannelChangeOptions = {
  inverter: Endpoint;
  dtu: Endpoint;
  country: CmtCountryKey | number;
} & ({ channel: number } | { frequencyHz: number });

/**
 * The channel-change frame (15 bytes) telling the inverter to move to `channel` (or to the channel of the
 * working `frequencyHz`). Throws RangeError for an unknown country or an invalid channel/frequency.
 */
export function buildChannelChange(options: ChannelChangeOptions): Uint8Array {
  const country = cmtCountry(options.country);
  if (!country) throw new RangeError(`unknown CMT country ${options.country}`);
  let channel: number;
  if ('frequencyHz' in options) {
    const result = cmtChannelOfFrequency(country.id, options.frequencyHz);
    if (!result.ok) throw new RangeError(result.error.message);
    channel = result.value;
  } else {
    const result = cmtFrequencyOfChannel(country.id, options.channel);
    if (!result.ok) throw new RangeError(result.error.message);
    channel = options.channel;
  }
  const [p1, p2, p3] = country.channelChangePrefix;
  return buildFrame(
    Command.ChannelChange,
    resolveEndpoint(options.inverter, 'inverter'),
    resolveEndpoint(options.dtu, 'dtu'),
    p1,
    Uint8Array.of(p2, p3, channel, CHANNEL_CHANGE_TRAILER),
  );
}

export interface ChannelChangeRequest {
  inverterAddress: RadioAddress;
  dtuAddress: RadioAddress;
  /** Countries whose prefix matches: ['EU'] or ['US', 'BR'] (both share one prefix and one band). */
  countries: CmtCountryKey[];
  channel: number;
  /** The frequency the inverter is told to move to. */
  frequencyHz: number;
}

/** Decodes a 0x56 frame (simulator side). Never throws. */
export function parseChannelChange(
  bytes: Uint8Array,
  filter: AddressFilter = {},
): Result<ChannelChangeRequest> {
  const raw = parseRawFrame(bytes, filter);
  if (!raw.ok) return raw;
  const { command, byte9, body, inverterAddress, dtuAddress } = raw.value;
  if (command !== Command.ChannelChange) {
    return fail('unexpected-command', `command ${hex2(command)}, 0x56 expected`);
  }
  const expectedBody = CHANNEL_CHANGE_LENGTH - FRAME_HEADER_LENGTH - 1;
  if (body.length < expectedBody) return fail('short-frame', `channel change of ${bytes.length} bytes`);
  if (body.length > expectedBody) return fail('long-frame', `channel change of ${bytes.length} bytes`);
  const [p2, p3, channel, trailer] = [body[0]!, body[1]!, body[2]!, body[3]!];
  const matching = CMT_COUNTRIES.filter(
    (c) =>
      c.channelChangePrefix[0] === byte9 &&
      c.channelChangePrefix[1] === p2 &&
      c.channelChangePrefix[2] === p3,
  );
  const first = matching[0];
  if (first === undefined) {
    return fail('invalid-value', `unknown channel-change prefix ${hex2(byte9)} ${hex2(p2)} ${hex2(p3)}`);
  }
  if (trailer !== CHANNEL_CHANGE_TRAILER)
    return fail('invalid-value', `byte 13 is ${hex2(trailer)}, 0x14 expected`);
  const frequency = cmtFrequencyOfChannel(first.id, channel);
  if (!frequency.ok) return frequency;
  return ok({
    inverterAddress,
    dtuAddress,
    countries: matching.map((c) => c.key),
    channel,
    frequencyHz: frequency.value,
  });
}

/** 14 bytes: D6 <inv> <dtu> P1 00 P2 P3 CRC8. */
export const CHANNEL_CHANGE_ANSWER_LENGTH = 14;

/**
 * The inverter's answer to a channel change (the simulator's side): the DTU's address in bytes 5..8, the
 * request's P1, then `00` and P2 P3. Throws RangeError for an unknown country.
 */
export function encodeChannelChangeAnswer(options: {
  inverter: Endpoint;
  dtu: Endpoint;
  country: CmtCountryKey | number;
}): Uint8Array {
  const country = cmtCountry(options.country);
  if (!country) throw new RangeError(`unknown CMT country ${options.country}`);
  const [p1, p2, p3] = country.channelChangePrefix;
  return buildFrame(
    Command.ChannelChange | RESPONSE_FLAG,
    resolveEndpoint(options.inverter, 'inverter'),
    resolveEndpoint(options.dtu, 'dtu'),
    p1,
    Uint8Array.of(0x00, p2, p3),
  );
}
