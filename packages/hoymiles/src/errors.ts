/**
 * Malformed radio input is normal (noise, lost fragments, low light), so decoders never throw:
 * they return a Result whose error names what was wrong.
 */
export type ProtocolErrorCode =
  | 'short-frame'
  | 'long-frame'
  | 'bad-crc8'
  | 'bad-crc16'
  | 'wrong-address'
  /** Bytes 5..8 name a third address: the frame belongs to another DTU's exchange. */
  | 'other-dtu'
  | 'unexpected-command'
  | 'bad-fragment-number'
  | 'duplicate-fragment'
  | 'missing-fragment'
  | 'corrupt-fragment'
  | 'truncated-payload'
  | 'no-response'
  | 'invalid-serial'
  | 'unknown-family'
  | 'invalid-value';

export interface ProtocolError {
  code: ProtocolErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ProtocolError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ProtocolErrorCode, message: string): Result<T> {
  return { ok: false, error: { code, message } };
}
