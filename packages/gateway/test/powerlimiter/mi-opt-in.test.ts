/** The power limiter and the MI series: an MI is governed only when its owner opted in. */
import { describe, expect, it } from 'vitest';
import { FakeInverter, governed, rig, settingsOf } from './fakes';

const HM = '114172220003';
const MI = '104161200002';

describe('an MI under the limiter', () => {
  it('is left alone without the opt-in, even when marked governed', async () => {
    const hm = new FakeInverter(HM, 800, 700, 'NRF24');
    const mi = new FakeInverter(MI, 600, 500, 'NRF24');
    mi.governable = false;
    const r = rig([hm, mi], settingsOf({ inverters: [governed(HM), governed(MI)] }));
    await r.run(60, 600);
    expect(mi.sent).toEqual([]);
    expect(hm.sent.length).toBeGreaterThan(0);
    expect(r.controller.state).toBe('regulating');
  });

  it('shares the work once the owner opted in', async () => {
    const hm = new FakeInverter(HM, 800, 700, 'NRF24');
    const mi = new FakeInverter(MI, 600, 500, 'NRF24');
    const r = rig([hm, mi], settingsOf({ inverters: [governed(HM), governed(MI)] }));
    await r.run(60, 600);
    expect(mi.sent.length).toBeGreaterThan(0);
    expect(mi.sent.every((limit) => limit.relative === false)).toBe(true);
  });
});
