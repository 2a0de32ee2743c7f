import { describe, expect, it } from 'vitest';
import { DISABLED_LOG_INTERVAL_MS, type EngineLog } from '../../src/engine/engine';
import { HM400, HM800, HMS800, harness, NOON } from './harness';

/** An engine log that keeps its warnings. */
function warnings() {
  const lines: { obj: object; msg: string | undefined }[] = [];
  const log: EngineLog = { debug() {}, info() {}, warn: (obj, msg) => lines.push({ obj, msg }) };
  return { log, lines };
}

/** Runs the first poll turns so device info (rated power) and the limit read-back are known. */
async function awake(h: ReturnType<typeof harness>) {
  await h.engine.start();
  await h.clock.advance(9000);
}

describe('limit commands', () => {
  it('is Unknown before any command, Pending while in flight, Ok on the ack with limit_relative updated', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    expect(h.engine.limitStatus(HM800)).toBe('Unknown');
    await awake(h);
    expect(h.engine.setLimit(HM800, { value: 400, type: 0 })).toBe('queued');
    expect(h.engine.limitStatus(HM800)).toBe('Pending');
    await h.clock.advance(2100);
    expect(h.engine.limitStatus(HM800)).toBe('Ok');
    const inv = h.live.inverter(HM800)!;
    expect(inv.limitRelative).toBe(50);
    expect(inv.limitAbsoluteW).toBe(400);
    expect(fake.controls.at(-1)).toMatchObject({ kind: 'limit', limit: 400, limitType: 0 });
    await h.engine.stop();
  });

  it('goes ahead of queued polls', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await h.engine.start();
    // The second turn (at 5 s) queues five requests; the run data goes on air at once.
    await h.clock.advance(5001);
    h.engine.setLimit(HM800, { value: 50, type: 1 });
    await h.clock.advance(4000);
    const after = h.radio.sent.filter((s) => s.at >= NOON + 5000).map((s) => s.parsed?.kind);
    expect(after.slice(0, 3)).toEqual(['data', 'device-control', 'data']);
    await h.engine.stop();
  });

  it('fails after 1 send + 4 resends without an answer, is resent at the next turn and then succeeds', async () => {
    const h = harness({ inverters: [{ serial: HM800 }], pollIntervalS: 30 });
    const fake = h.radio.add(HM800);
    await awake(h);
    fake.acks = false;
    h.engine.setLimit(HM800, { value: 60, type: 3 });
    await h.clock.advance(9_999); // 5 × 2000 ms windows
    expect(h.engine.limitStatus(HM800)).toBe('Pending');
    await h.clock.advance(2);
    expect(h.engine.limitStatus(HM800)).toBe('Failure');
    expect(fake.controls.length).toBe(5);
    fake.acks = true;
    await h.clock.advance(30_000);
    expect(h.engine.limitStatus(HM800)).toBe('Ok');
    expect(fake.controls.at(-1)).toMatchObject({ kind: 'limit', limit: 60, limitType: 3 });
    expect(h.live.inverter(HM800)!.limitRelative).toBe(60);
    await h.engine.stop();
  });

  it('keeps the newest value of a type: a waiting limit of the same type is replaced', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    await awake(h);
    h.engine.setLimit(HM800, { value: 10, type: 1 });
    h.engine.setLimit(HM800, { value: 20, type: 1 });
    h.engine.setLimit(HM800, { value: 30, type: 1 });
    await h.clock.advance(1);
    expect(h.engine.limitStatus(HM800)).toBe('Pending');
    await h.clock.advance(5000);
    const limits = fake.controls.filter((c) => c.kind === 'limit').map((c) => c.kind === 'limit' && c.limit);
    // The first was on air already; the second was replaced by the third.
    expect(limits).toEqual([10, 30]);
    expect(h.engine.limitStatus(HM800)).toBe('Ok');
    expect(h.live.inverter(HM800)!.limitRelative).toBe(30);
    await h.engine.stop();
  });

  it('stays Pending while a newer command is outstanding, then follows the last one', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    await awake(h);
    h.engine.setLimit(HM800, { value: 10, type: 1 });
    await h.clock.advance(1); // on air, its ack already on the way
    fake.acks = false;
    h.engine.setLimit(HM800, { value: 400, type: 2 });
    await h.clock.advance(2000); // first ack
    expect(h.engine.limitStatus(HM800)).toBe('Pending');
    await h.clock.advance(10_001);
    expect(h.engine.limitStatus(HM800)).toBe('Failure');
    await h.engine.stop();
  });

  it('caps relative limits at 100 % and truncates to 0.1 %', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    await awake(h);
    h.engine.setLimit(HM800, { value: 250, type: 1 });
    await h.clock.advance(2001);
    expect(fake.controls.at(-1)).toMatchObject({ limit: 100 });
    h.engine.setLimit(HM800, { value: 33.37, type: 1 });
    await h.clock.advance(3000);
    expect(h.live.inverter(HM800)!.limitRelative).toBe(33.3);
    await h.engine.stop();
  });

  it('sends nothing when commands are off, and says so', async () => {
    const h = harness({ inverters: [{ serial: HM800, command_enable: false }] });
    const fake = h.radio.add(HM800);
    await awake(h);
    expect(h.engine.setLimit(HM800, { value: 50, type: 1 })).toBe('commands-disabled');
    expect(h.engine.setPower(HM800, 'off')).toBe('commands-disabled');
    await h.clock.advance(5000);
    expect(fake.controls).toEqual([]);
    expect(h.engine.limitStatus(HM800)).toBe('Unknown');
    expect(h.engine.setLimit('999999999999', { value: 50, type: 1 })).toBe('unknown-inverter');
    expect(h.engine.setLimit(HM800, { value: 50, type: 7 })).toBe('invalid');
    await h.engine.stop();
  });

  it('logs a skipped command once per inverter and kind, again after the throttle interval', async () => {
    const { log, lines } = warnings();
    const h = harness({
      inverters: [
        { serial: HM800, command_enable: false },
        { serial: HM400, command_enable: false },
      ],
      log,
    });
    h.radio.add(HM800);
    h.radio.add(HM400);
    await awake(h);
    const skipped = () => lines.filter((l) => /not sent: commands are disabled/.test(l.msg ?? ''));
    // Whoever asks (API or MQTT), the engine says it once: a script repeating its limit is not logged again.
    h.engine.setLimit(HM800, { value: 50, type: 1 });
    h.engine.setLimit(HM800, { value: 40, type: 1 });
    expect(skipped()).toHaveLength(1);
    expect(skipped()[0]).toMatchObject({
      obj: { serial: HM800 },
      msg: expect.stringMatching(/^Limit for inverter/),
    });
    h.engine.setPower(HM800, 'off');
    h.engine.setLimit(HM400, { value: 50, type: 1 });
    expect(skipped()).toHaveLength(3);
    await h.clock.advance(DISABLED_LOG_INTERVAL_MS - 10_000);
    h.engine.setLimit(HM800, { value: 50, type: 1 });
    expect(skipped()).toHaveLength(3);
    await h.clock.advance(10_000);
    h.engine.setLimit(HM800, { value: 50, type: 1 });
    expect(skipped()).toHaveLength(4);
    await h.engine.stop();
  });

  it('uses the HMS limit-type word for HMS inverters', async () => {
    const h = harness({ inverters: [{ serial: HMS800 }] });
    const fake = h.radio.add(HMS800);
    await awake(h);
    h.engine.setLimit(HMS800, { value: 50, type: 3 });
    await h.clock.advance(2001);
    expect(fake.controls.at(-1)).toMatchObject({ kind: 'limit', typeWord: 0x0003, encoding: 'HMS' });
    expect(h.engine.limitStatus(HMS800)).toBe('Ok');
    await h.engine.stop();
  });

  it('never stays Pending: stopping the engine or removing the inverter ends outstanding commands', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    await awake(h);
    fake.acks = false;
    h.engine.setLimit(HM800, { value: 50, type: 1 });
    h.engine.setPower(HM800, 'off');
    await h.engine.stop();
    await h.clock.advance(60_000);
    expect(h.engine.limitStatus(HM800)).toBe('Failure');
    expect(h.engine.powerStatus(HM800)).toBe('Failure');
  });

  it('abandons a command whose radio never answers its promise (deadline in clock time)', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    h.radio.add(HM800);
    await awake(h);
    h.radio.transmit = () => new Promise(() => {});
    const seen: string[] = [];
    h.bus.on('live:inverter', () => seen.push(h.engine.limitStatus(HM800)!));
    h.engine.setLimit(HM800, { value: 50, type: 1 });
    // Each transmission counts as silence after its 2000 ms window + 1000 ms grace: 5 × 3 s.
    await h.clock.advance(14_999);
    expect(h.engine.limitStatus(HM800)).toBe('Pending');
    await h.clock.advance(2);
    expect(h.engine.limitStatus(HM800)).toBe('Failure');
    // The next turn resends it (Pending again): retried, never stuck.
    await h.clock.advance(30_000);
    expect(seen).toContain('Failure');
    expect(seen.filter((s, i) => s === 'Pending' && seen[i - 1] === 'Failure').length).toBeGreaterThan(0);
    await h.engine.stop();
  });

  it('reads the limit back once the inverter answers, then not sooner than 2 min / 4 min after an ack', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    fake.limitPercent = 75.5;
    await awake(h);
    expect(h.live.inverter(HM800)!.limitRelative).toBe(75.5);
    const readbacks = () => h.radio.dataRequests(0x05).length;
    expect(readbacks()).toBe(1);
    await h.clock.advance(120_000); // exactly 2 min after the read-back at ~5 s: not yet due
    expect(readbacks()).toBe(1);
    await h.clock.advance(10_000);
    expect(readbacks()).toBe(2);
    h.engine.setLimit(HM800, { value: 40, type: 1 });
    await h.clock.advance(200_000);
    expect(readbacks()).toBe(2);
    await h.clock.advance(60_000);
    expect(readbacks()).toBe(3);
    await h.engine.stop();
  });
});

describe('power commands', () => {
  it('sends on, off and restart; Pending then Ok', async () => {
    const h = harness({ inverters: [{ serial: HM800 }] });
    const fake = h.radio.add(HM800);
    await awake(h);
    expect(h.engine.powerStatus(HM800)).toBe('Unknown');
    for (const action of ['off', 'on', 'restart'] as const) {
      expect(h.engine.setPower(HM800, action)).toBe('queued');
      expect(h.engine.powerStatus(HM800)).toBe('Pending');
      await h.clock.advance(3000);
      expect(h.engine.powerStatus(HM800)).toBe('Ok');
      expect(fake.controls.at(-1)).toEqual({ kind: 'power', action });
    }
    await h.engine.stop();
  });

  it('fails without an ack and resends the last action at the next turn with commands enabled', async () => {
    const h = harness({ inverters: [{ serial: HM800 }], pollIntervalS: 30 });
    const fake = h.radio.add(HM800);
    await awake(h);
    fake.acks = false;
    h.engine.setPower(HM800, 'off');
    await h.clock.advance(10_001);
    expect(h.engine.powerStatus(HM800)).toBe('Failure');
    fake.acks = true;
    await h.clock.advance(30_000);
    expect(h.engine.powerStatus(HM800)).toBe('Ok');
    expect(fake.controls.filter((c) => c.kind === 'power').length).toBe(6);
    await h.engine.stop();
  });
});
