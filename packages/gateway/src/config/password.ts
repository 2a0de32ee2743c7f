import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The admin password is stored only as a salted scrypt hash: `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`.
 * The parameters travel with the hash, so they can be raised later without breaking stored ones.
 * N = 2^14, r = 8 costs ~16 MiB and a few tens of ms per check; verified credentials are cached (see
 * AuthService) so only logins and failures pay it.
 */
const PREFIX = 'scrypt';
const COST = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const HASH_PATTERN = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/;

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: room for the largest parameters we accept (128 * N * r bytes plus slack).
    const maxmem = 256 * (options.N ?? COST.N) * (options.r ?? COST.r);
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, COST);
  return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export function isPasswordHash(text: string): boolean {
  const match = HASH_PATTERN.exec(text);
  if (!match) return false;
  const [n, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Bounded so a hand-edited or restored file cannot make every check allocate gigabytes.
  return n >= 2 && n <= 2 ** 17 && (n & (n - 1)) === 0 && r >= 1 && r <= 16 && p >= 1 && p <= 4;
}

/** Constant-time comparison of the derived key; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return false;
  const match = HASH_PATTERN.exec(stored);
  if (!match) return false;
  const salt = Buffer.from(match[4] ?? '', 'base64');
  const expected = Buffer.from(match[5] ?? '', 'base64');
  if (expected.length === 0) return false;
  const key = await derive(password, salt, expected.length, {
    N: Number(match[1]),
    r: Number(match[2]),
    p: Number(match[3]),
  });
  return timingSafeEqual(key, expected);
}
