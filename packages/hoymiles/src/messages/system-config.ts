/**
 * Limit read-back, data type 0x05 "system config": docs/protocol.md (what the limit values become), with the
 * relative ↔ absolute conversions used after a limit ack and by the live data.
 */
import { ok, type Result } from '../errors';
import { DataType } from '../types';
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

// Only bytes 2..3 are known; we require them (not the unknown rest) to lie before the CRC.
const MIN_LENGTH = 4 + CRC16_LENGTH;

/** Decodes the read-back payload, e.g. `00 01 02 F3 …` → 75.5 %; `00 01 27 10 …` → 1000.0 %, reported 100. */
export function decodeSystemConfig(payload: Uint8Array): Result<SystemConfig> {
  const checked = checkPayload(payload, MIN_LENGTH, 'system config');
  if (!checked.ok) return checked;
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
 * The read-back a simulated inverter sends for its active limit (in %, uncapped). The limit goes in bytes
 * 2..3 and again in bytes 6..7; everything else is as seen (header `00 01`, zeros), since its meaning is
 * unknown (docs/protocol.md).
 */
export function encodeSystemConfig(config: Pick<SystemConfig, 'limitPercent'>): Uint8Array {
  const raw = Number.isFinite(config.limitPercent)
    ? Math.min(0xffff, Math.max(0, Math.trunc(config.limitPercent * 10 + 1e-7)))
    : 0;
  const data = new Uint8Array(SYSTEM_CONFIG_DATA_LENGTH);
  data[1] = 0x01;
  writeInt(data, 2, 2, raw);
  writeInt(data, 6, 2, raw);
  return sealPayload(data);
}
