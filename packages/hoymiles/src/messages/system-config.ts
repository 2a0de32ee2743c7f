/**
 * Limit read-back, data type 0x05 "system config": docs/protocol.md (what the limit values become), with the
 * relative ↔ absolute conversions used after a limit ack and by the live data.
 */
import { fail, ok, type Result } from '../errors';
import { DataType, type RadioKind } from '../types';
import { CRC16_LENGTH, checkPayload, readUint, sealPayload, writeInt } from './payload';

export const SYSTEM_CONFIG_DATA_TYPE = DataType.SystemConfig;

/** 14 data bytes plus CRC16. */
export const SYSTEM_CONFIG_DATA_LENGTH = 14;

/** The reported relative limit never exceeds this. */
export const LIMIT_RELATIVE_MAX = 100;

export interface SystemConfig {
  /** Limit in % as on the wire (bytes 2..3 ÷ 10), not capped: 1000.0 is possible. */
  limitPercent: number;
  /** What the gateway reports as `limit_relative`: `limitPercent` capped at 100. */
  limitRelative: number;
}

const LENGTH = SYSTEM_CONFIG_DATA_LENGTH + CRC16_LENGTH;

/**
 * Decodes the read-back payload, e.g. `00 01 02 F3 …` → 75.5 %; `00 01 27 10 …` → 1000.0 %, reported 100.
 * Only bytes 2..3 are read, but the answer must be a read-back's 14 data bytes and CRC16: captured HMs
 * sometimes answer the request with their run data (44 bytes and a good CRC16), which is no limit.
 */
export function decodeSystemConfig(payload: Uint8Array): Result<SystemConfig> {
  const checked = checkPayload(payload, LENGTH, 'system config');
  if (!checked.ok) return checked;
  if (payload.length !== LENGTH) {
    return fail('invalid-value', `system config: ${payload.length} bytes, a read-back has ${LENGTH}`);
  }
  const limitPercent = readUint(payload, 2, 2) / 10;
  return ok({ limitPercent, limitRelative: Math.min(LIMIT_RELATIVE_MAX, limitPercent) });
}

/**
 * `limit_relative` is held with 0.1 % resolution, truncated. The tiny epsilon keeps values such as
 * 57.3 (57.29999… in binary) at 57.3 instead of dropping to 57.2.
 */
export function truncateLimitPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.trunc(percent * 10 + (percent >= 0 ? 1e-7 : -1e-7)) / 10;
}

/** `limit_absolute` in W = limit_relative × max power / 100; null while the rated power is unknown (0). */
export function limitAbsoluteW(limitRelative: number, maxPowerW: number): number | null {
  return maxPowerW > 0 ? (limitRelative * maxPowerW) / 100 : null;
}

/**
 * `limit_relative` after an absolute limit was acknowledged: W / max power × 100, truncated to 0.1 %;
 * null when the rated power is unknown, in which case the gateway leaves limit_relative unchanged.
 */
export function limitRelativeFromAbsolute(watts: number, maxPowerW: number): number | null {
  return maxPowerW > 0 ? truncateLimitPercent((watts / maxPowerW) * 100) : null;
}

/**
 * The read-back a simulated inverter sends for its active limit (in %, uncapped), in the shape captured
 * from real inverters (docs/protocol.md, assumptions register): `00 01`, the limit in bytes 2..3, `00 00`,
 * `03 E8` (1000) in bytes 6..7 whatever the limit; then the nRF24 inverters (HM) send `FF FF FF FF 01 68` and
 * the CMT2300A ones (HMS) zeros. What bytes 6..13 mean is not known.
 */
export function encodeSystemConfig(
  config: Pick<SystemConfig, 'limitPercent'>,
  radio: RadioKind = 'CMT',
): Uint8Array {
  const raw = Number.isFinite(config.limitPercent)
    ? Math.min(0xffff, Math.max(0, Math.trunc(config.limitPercent * 10 + 1e-7)))
    : 0;
  const data = new Uint8Array(SYSTEM_CONFIG_DATA_LENGTH);
  data[1] = 0x01;
  writeInt(data, 2, 2, raw);
  writeInt(data, 6, 2, 1000);
  if (radio === 'NRF24') {
    data.fill(0xff, 8, 12);
    writeInt(data, 12, 2, 0x0168);
  }
  return sealPayload(data);
}
