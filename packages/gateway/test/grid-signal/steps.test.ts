/** What contacts and MQTT payloads mean as steps, and that garbage never passes as one. */
import { describe, expect, it } from 'vitest';
import { parseSignalPayload, stepOfContacts } from '../../src/grid-signal/steps';

const STEPS = [100, 60, 30, 0];

describe('contacts', () => {
  it('maps the closed contact to its step; none closed is 100 %; several closed the strictest', () => {
    expect(stepOfContacts([false, false, false, undefined], STEPS)).toEqual({ percent: 100, contact: 0 });
    expect(stepOfContacts([false, true, false, undefined], STEPS)).toEqual({ percent: 60, contact: 2 });
    expect(stepOfContacts([true, false, true, undefined], STEPS)).toEqual({ percent: 30, contact: 3 });
    expect(stepOfContacts([undefined, undefined, undefined, true], STEPS)).toEqual({
      percent: 0,
      contact: 4,
    });
  });
});

describe('MQTT payloads', () => {
  it('reads a percentage or a contact', () => {
    expect(parseSignalPayload('60', STEPS)).toEqual({ percent: 60, contact: null });
    expect(parseSignalPayload(' 30 % ', STEPS)).toEqual({ percent: 30, contact: null });
    expect(parseSignalPayload('K4', STEPS)).toEqual({ percent: 0, contact: 4 });
    expect(parseSignalPayload('k0', STEPS)).toEqual({ percent: 100, contact: 0 });
    expect(parseSignalPayload('{"contact": 2}', STEPS)).toEqual({ percent: 60, contact: 2 });
    expect(parseSignalPayload('{"percent": 59.6}', STEPS)).toEqual({ percent: 60, contact: null });
  });

  it('refuses anything else with a reason, also seeded random bytes', () => {
    for (const payload of ['', 'sixty', '101', '-5', 'K5', '{"contact": "2"}', '{', '[60]', 'null', '6O']) {
      expect(parseSignalPayload(payload, STEPS)).toHaveProperty('refused');
    }
    let seed = 34;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      const bytes = Buffer.from(Array.from({ length: next() % 24 }, () => next() % 256));
      const result = parseSignalPayload(bytes.toString('utf8'), STEPS);
      if (!('refused' in result)) {
        expect(result.percent).toBeGreaterThanOrEqual(0);
        expect(result.percent).toBeLessThanOrEqual(100);
      }
    }
  });
});
