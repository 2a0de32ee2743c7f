import { describe, expect, it } from 'vitest';
import { deriveKey, deriveNonce, open, seal } from '../src/crypto';

// Vectors computed from the documented derivation with an independent implementation (Python's hashlib
// and the cryptography package's AESGCM): enc_rand 00..0f, tag 0xa311, sequence 7.
const encRand = Uint8Array.from({ length: 16 }, (_, i) => i);
const plaintext = Uint8Array.from(Buffer.from('1001208' + '0e101' + '2880e2cfaa06', 'hex'));

describe('Wi-Fi encryption', () => {
  it('derives the key and the nonce', () => {
    expect(deriveKey(encRand).toString('hex')).toBe('e5477bfc94b8a12bb7655873908fd2c2');
    expect(deriveNonce(encRand, 0xa311, 7).toString('hex')).toBe('8904a48787894a4dbc3e03f5');
  });

  it('seals to the vector and opens it again', () => {
    const sealed = seal(encRand, 0xa311, 7, plaintext);
    expect(Buffer.from(sealed).toString('hex')).toBe(
      '4338c7b8dd9f1811b1d496d32538345c634f00ebb2cb95f68d8d090c',
    );
    expect(Buffer.from(open(encRand, 0xa311, 7, sealed) ?? [])).toEqual(Buffer.from(plaintext));
  });

  it('opens nothing under another key, tag, sequence or with a flipped bit', () => {
    const sealed = seal(encRand, 0xa311, 7, plaintext);
    const other = Uint8Array.from(encRand).reverse();
    expect(open(other, 0xa311, 7, sealed)).toBeNull();
    expect(open(encRand, 0xa211, 7, sealed)).toBeNull();
    expect(open(encRand, 0xa311, 8, sealed)).toBeNull();
    const flipped = Uint8Array.from(sealed);
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(open(encRand, 0xa311, 7, flipped)).toBeNull();
    expect(open(encRand, 0xa311, 7, sealed.subarray(0, 10))).toBeNull();
  });

  it('refuses an enc_rand of the wrong size', () => {
    expect(() => deriveKey(new Uint8Array(15))).toThrow(RangeError);
  });
});
