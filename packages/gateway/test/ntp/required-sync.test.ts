import { SystemClock } from '@dtu-console/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { basicAuth, postForm, testGateway } from '../helpers/gateway';

describe('a gateway that waits for a time sync (--require-time-sync)', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('hints that the time is not synchronised until the time is set, and never polls before', async () => {
    const clock = new SystemClock({ requireSync: true });
    const env = await testGateway({}, { clock });
    cleanup = env.cleanup;
    const { gateway } = env;
    await gateway.ctx.plant.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = (await gateway.http.inject({ method: 'GET', url: '/api/livedata/status' })).json();
    expect(before.hints.time_sync).toBe(true);
    expect(
      before.inverters.every(
        (inverter: { radio_stats: { tx_request: number } }) => inverter.radio_stats.tx_request === 0,
      ),
    ).toBe(true);

    const now = new Date();
    const answer = await postForm(
      gateway,
      '/api/ntp/time',
      {
        year: now.getFullYear(),
        month: now.getMonth() + 1,
        day: now.getDate(),
        hour: now.getHours(),
        minute: now.getMinutes(),
        second: now.getSeconds(),
      },
      { authorization: basicAuth(), 'x-requested-with': 'XMLHttpRequest' },
    );
    expect(answer.json().code).toBe(9010);
    expect(clock.isSynchronised()).toBe(true);
  });
});
