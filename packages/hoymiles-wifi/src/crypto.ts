/**
 * AES-128-GCM of the devices that encrypt (docs/wifi.md, Encryption). Everything follows from the 16
 * random bytes (`enc_rand`) the device hands out in its device information:
 *
 * - key = the first 16 bytes of SHA-256(SHA-256(SHA-256(enc_rand)));
 * - nonce = the last 12 bytes of SHA-256³(tag u16 LE ‖ sequence u16 LE ‖ enc_rand);
 * - additional data = tag u16 LE ‖ sequence u16 LE;
 * - the body on the wire is the ciphertext followed by the 16-byte GCM tag.
 *
 * The device draws a new `enc_rand` when it starts, so a restart makes the old key useless.
 */
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import { GCM_TAG_BYTES } from './frame';

export const ENC_RAND_BYTES = 16;

function sha256Thrice(data: Uint8Array): Buffer {
  let digest = Buffer.from(data);
  for (let i = 0; i < 3; i++) digest = createHash('sha256').update(digest).digest();
  return digest;
}

function tagSequence(tag: number, sequence: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt16LE(tag & 0xffff, 0);
  out.writeUInt16LE(sequence & 0xffff, 2);
  return out;
}

function checkRand(encRand: Uint8Array): void {
  if (encRand.length !== ENC_RAND_BYTES) {
    throw new RangeError(`enc_rand has ${encRand.length} bytes, not ${ENC_RAND_BYTES}`);
  }
}

export function deriveKey(encRand: Uint8Array): Buffer {
  checkRand(encRand);
  return sha256Thrice(encRand).subarray(0, 16);
}

export function deriveNonce(encRand: Uint8Array, tag: number, sequence: number): Buffer {
  checkRand(encRand);
  return sha256Thrice(Buffer.concat([tagSequence(tag, sequence), encRand])).subarray(20, 32);
}

/** Plaintext → ciphertext ‖ GCM tag. */
export function seal(encRand: Uint8Array, tag: number, sequence: number, plaintext: Uint8Array): Uint8Array {
  const cipher = createCipheriv('aes-128-gcm', deriveKey(encRand), deriveNonce(encRand, tag, sequence));
  cipher.setAAD(tagSequence(tag, sequence));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}

/** Ciphertext ‖ GCM tag → plaintext, or null when it does not authenticate (wrong key, damaged). */
export function open(
  encRand: Uint8Array,
  tag: number,
  sequence: number,
  sealed: Uint8Array,
): Uint8Array | null {
  if (sealed.length < GCM_TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-128-gcm', deriveKey(encRand), deriveNonce(encRand, tag, sequence));
    decipher.setAAD(tagSequence(tag, sequence));
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)),
      decipher.final(),
    ]);
    return new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength);
  } catch {
    return null;
  }
}
