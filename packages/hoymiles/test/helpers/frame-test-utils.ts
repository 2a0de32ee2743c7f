/** Byte helpers for the frame tests. */

/** "15 82 34 …" → bytes. */
export function bytes(hex: string): Uint8Array {
  const parts = hex.trim().split(/\s+/);
  return Uint8Array.from(parts, (p) => {
    const value = Number.parseInt(p, 16);
    if (!/^[0-9A-Fa-f]{2}$/.test(p)) throw new Error(`bad hex byte '${p}'`);
    return value;
  });
}

/** bytes → "15 82 34 …" (upper case), to compare frames with readable diffs. */
export function hex(data: Uint8Array): string {
  return Array.from(data, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/** Fails the test with the error when a Result is not ok; returns the value otherwise. */
export function unwrap<T>(
  result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** The error code of a Result that must have failed. */
export function errorCode(result: { ok: true } | { ok: false; error: { code: string } }): string {
  if (result.ok) throw new Error('expected an error, got ok');
  return result.error.code;
}

/** A copy of `data` with byte `index` XOR-ed with `mask`. */
export function flipped(data: Uint8Array, index: number, mask: number): Uint8Array {
  const copy = data.slice();
  copy[index] = (copy[index] ?? 0) ^ mask;
  return copy;
}
