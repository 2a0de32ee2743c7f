import { describe, expect, it } from 'vitest';
import { DEFAULT_FAILURE_LIMITS, FailureLimiter } from '../../src/auth/limiter';

describe('failure limiter', () => {
  it('locks an address out after repeated failures, for a while, and forgets on success', () => {
    let now = 0;
    const limiter = new FailureLimiter({ maxFailures: 3, windowMs: 1000, blockMs: 5000 }, () => now);
    expect(limiter.fail('a')).toBe(false);
    expect(limiter.fail('a')).toBe(false);
    expect(limiter.fail('a')).toBe(true);
    expect(limiter.blockedFor('a')).toBe(5000);
    expect(limiter.blockedFor('b')).toBe(0);
    now = 5001;
    expect(limiter.blockedFor('a')).toBe(0);
    limiter.fail('a');
    limiter.fail('a');
    limiter.succeed('a');
    expect(limiter.fail('a')).toBe(false);
    // Failures spread out beyond the window never add up.
    now += 2000;
    expect(limiter.fail('a')).toBe(false);
    now += 2000;
    expect(limiter.fail('a')).toBe(false);
  });

  it('keeps its table bounded', () => {
    const limiter = new FailureLimiter({ maxFailures: 2, maxTracked: 3 });
    limiter.fail('1');
    for (const ip of ['2', '3', '4', '5']) limiter.fail(ip);
    limiter.fail('1');
    // '1' was evicted in between, so its second failure starts a new count instead of locking it out.
    expect(limiter.blockedFor('1')).toBe(0);
  });

  it('locks for the lock time from the failure that locked, wherever that fell in the window', () => {
    // The defaults of docs/security.md: ten failures within ten minutes lock for five minutes.
    expect(DEFAULT_FAILURE_LIMITS).toMatchObject({ maxFailures: 10, windowMs: 600_000, blockMs: 300_000 });
    let now = 0;
    const limiter = new FailureLimiter({}, () => now);
    // Ten guesses in one burst: five minutes, not the ten of the window.
    for (let i = 0; i < 9; i++) limiter.fail('burst');
    expect(limiter.fail('burst')).toBe(true);
    expect(limiter.blockedFor('burst')).toBe(300_000);
    // The tenth guess just before the window closes: still five minutes, not the second left of it.
    limiter.fail('slow');
    now = 599_000;
    for (let i = 0; i < 8; i++) limiter.fail('slow');
    expect(limiter.fail('slow')).toBe(true);
    expect(limiter.blockedFor('slow')).toBe(300_000);
    now += 299_999;
    expect(limiter.blockedFor('slow')).toBe(1);
    now += 1;
    expect(limiter.blockedFor('slow')).toBe(0);
  });

  it('counts each IPv6 address on its own, not its whole /64 network', () => {
    // A home network is one /64: one guessing device must not lock the owner's phone out.
    const limiter = new FailureLimiter({ maxFailures: 2 }, () => 0);
    limiter.fail('2001:db8:0:1::17');
    expect(limiter.fail('2001:db8:0:1::17')).toBe(true);
    expect(limiter.blockedFor('2001:db8:0:1::17')).toBeGreaterThan(0);
    expect(limiter.blockedFor('2001:db8:0:1::99')).toBe(0);
  });
});
