/** A service's settings applied on start and on each save of a section it reads, one apply at a time. */
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { SectionFollower } from '../../src/config/section-follower';

function follower(apply: () => Promise<void>, failed: (error: unknown) => void = () => {}) {
  const bus = new EventBus();
  const f = new SectionFollower({ bus, watches: (section) => section === 'battery', apply, failed });
  return { bus, f };
}

describe('section follower', () => {
  it('applies on start and on each save of a watched section, not of the others', async () => {
    let applied = 0;
    const { bus, f } = follower(async () => {
      applied++;
    });
    await f.start();
    expect(applied).toBe(1);
    bus.emit('config:changed', 'battery');
    bus.emit('config:changed', 'mqtt');
    await f.stop();
    expect(applied).toBe(2);
    bus.emit('config:changed', 'battery');
    await Promise.resolve();
    expect(applied).toBe(2);
  });

  it('runs one apply at a time, in order, and stop waits for the last', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    let call = 0;
    const { bus, f } = follower(async () => {
      const n = ++call;
      order.push(`begin ${n}`);
      if (n === 2) await new Promise<void>((resolve) => (release = resolve));
      order.push(`end ${n}`);
    });
    await f.start();
    bus.emit('config:changed', 'battery');
    bus.emit('config:changed', 'battery');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['begin 1', 'end 1', 'begin 2']);
    let stopped = false;
    const stopping = f.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(order).toEqual(['begin 1', 'end 1', 'begin 2', 'end 2', 'begin 3', 'end 3']);
  });

  it('reports a failed apply and goes on with the next', async () => {
    const errors: unknown[] = [];
    let call = 0;
    const { bus, f } = follower(
      async () => {
        call++;
        if (call === 2) throw new Error('device gone');
      },
      (error) => errors.push(error),
    );
    await f.start();
    bus.emit('config:changed', 'battery');
    bus.emit('config:changed', 'battery');
    await f.stop();
    expect(call).toBe(3);
    expect(errors.map((e) => (e as Error).message)).toEqual(['device gone']);
  });
});
