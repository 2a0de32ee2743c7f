/**
 * A password guesser over real HTTP: with the default limits the eleventh guess from one address gets 429,
 * so does the right password while the lockout lasts (no oracle), other clients are not affected, and
 * no guess reaches the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, basic } from '../../helpers/api';
import { testGateway } from '../../helpers/gateway';
import { capturedLogger } from '../../helpers/log-capture';

describe('login brute force', () => {
  const capture = capturedLogger('debug');
  let env: Awaited<ReturnType<typeof testGateway>>;
  let url = '';
  beforeAll(async () => {
    env = await testGateway({}, { log: capture.log });
    await env.gateway.start();
    const bound = env.gateway.http.server.address();
    url = `http://127.0.0.1:${typeof bound === 'object' && bound ? bound.port : 0}`;
  });
  afterAll(() => env.cleanup());

  const login = (password: string, extra: Record<string, string> = {}) =>
    fetch(`${url}/api/security/authenticate`, {
      headers: { authorization: basic(password), 'x-requested-with': 'XMLHttpRequest', ...extra },
    });

  it('locks the guessing address out with 429 after ten wrong passwords', async () => {
    const guesses = Array.from({ length: 30 }, (_, i) => `Guess-${i}-${'x'.repeat(i)}`);
    const statuses: number[] = [];
    for (const guess of guesses) statuses.push((await login(guess)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // Also a burst of parallel guesses stays locked out.
    const burst = await Promise.all(guesses.map((guess) => login(guess)));
    expect(burst.map((response) => response.status)).toEqual(Array(30).fill(429));
    // The right password does not get through either while locked: the lockout is no oracle.
    const right = await login(ADMIN_PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected (every socket here comes from 127.0.0.1: inject names another).
    const other = await env.gateway.http.inject({
      method: 'GET',
      url: '/api/security/authenticate',
      headers: { authorization: basic() },
      remoteAddress: '10.9.8.7',
    });
    expect(other.statusCode).toBe(200);
    for (const guess of guesses) {
      expect(capture.text()).not.toContain(guess);
      expect(capture.text()).not.toContain(Buffer.from(`admin:${guess}`).toString('base64'));
    }
  });
});
