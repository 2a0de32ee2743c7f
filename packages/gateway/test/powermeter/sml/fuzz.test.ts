/** Seeded random bytes and mutated real telegrams: the SML decoder names every failure and never throws else. */
import { SeededRandom } from '@dtu-console/radio/simulated/random';
import { describe, expect, it } from 'vitest';
import { MeterError } from '../../../src/powermeter/problems';
import { SmlFramer } from '../../../src/powermeter/sml/frame';
import { smlReadings } from '../../../src/powermeter/sml/obis';
import { SML_TELEGRAMS, telegramBytes } from '../../helpers/sml-telegrams';

function bytes(random: SeededRandom, length: number): Buffer {
  const out = Buffer.alloc(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(random.next() * 256);
  return out;
}

function readsOrNames(payload: Buffer): void {
  try {
    const r = smlReadings(payload);
    if (r.powerW !== undefined) expect(Number.isFinite(r.powerW)).toBe(true);
  } catch (error) {
    expect(error).toBeInstanceOf(MeterError);
  }
}

describe('SML decoder fuzz', () => {
  it('reads 10 000 random byte strings without an unnamed failure', () => {
    const random = new SeededRandom('sml-fuzz-random');
    for (let i = 0; i < 10_000; i++) readsOrNames(bytes(random, 1 + Math.floor(random.next() * 300)));
  });

  it('decodes real telegrams with random bytes changed, cut or inserted', () => {
    const random = new SeededRandom('sml-fuzz-mutate');
    const originals = Object.values(SML_TELEGRAMS).map(telegramBytes);
    const framer = new SmlFramer();
    let telegrams = 0;
    let rejects = 0;
    for (let i = 0; i < 3000; i++) {
      const original = originals[i % originals.length] as Buffer;
      const mutated = Buffer.from(original);
      const changes = 1 + Math.floor(random.next() * 4);
      for (let c = 0; c < changes; c++)
        mutated[Math.floor(random.next() * mutated.length)] = Math.floor(random.next() * 256);
      const cut = random.chance(0.3)
        ? mutated.subarray(0, Math.floor(random.next() * mutated.length))
        : mutated;
      for (const event of framer.push(Buffer.concat([cut, bytes(random, Math.floor(random.next() * 20))]))) {
        if (event.kind === 'telegram') {
          telegrams++;
          readsOrNames(event.payload);
        } else rejects++;
      }
      // The content parser alone, past the CRC: what a meter with a correct CRC over wrong content sends.
      readsOrNames(mutated.subarray(8, mutated.length - 8));
    }
    expect(rejects).toBeGreaterThan(600);
    expect(telegrams + rejects).toBeGreaterThan(1500);
    expect(framer.pending).toBeLessThanOrEqual(8192 + 400);
  });
});
