/** The lifecycle both socket hubs share (ws/hub.ts): cap, auth change, shutdown, stop, idle. */
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { CloseCode } from '../../src/ws/clients';
import { HubClients } from '../../src/ws/hub';
import { FakeSocket } from '../helpers/fake-socket';

function hub(maxClients = 3) {
  const bus = new EventBus();
  let idle = 0;
  const clients = new HubClients<number>({ bus, maxClients, idle: () => idle++ });
  return { bus, clients, idle: () => idle };
}

describe('HubClients', () => {
  it('closes the oldest over the cap, and tells the hub when the last client is gone', () => {
    const h = hub(2);
    const [a, b, c] = [new FakeSocket(), new FakeSocket(), new FakeSocket()];
    for (const [i, socket] of [a, b, c].entries()) expect(h.clients.add(socket, i)).toBe(true);
    expect(a.closed?.code).toBe(CloseCode.TryAgainLater);
    expect(h.clients.entries().map(([, state]) => state)).toEqual([1, 2]);
    h.clients.remove(b);
    expect(h.idle()).toBe(0);
    h.clients.remove(c);
    expect(h.idle()).toBe(1);
  });

  it('closes every client when anonymous access is turned off, not when it stays on', () => {
    const h = hub();
    const a = new FakeSocket();
    h.clients.add(a, 0);
    h.bus.emit('auth:changed', { allowReadonly: true, passwordChanged: true });
    expect(a.closed).toBeUndefined();
    h.bus.emit('auth:changed', { allowReadonly: false, passwordChanged: false });
    expect(a.closed).toEqual({ code: CloseCode.PolicyViolation, reason: 'Authentication required' });
    expect(h.clients.size).toBe(0);
    expect(h.idle()).toBe(1);
  });

  it('closes every client on shutdown and on stop; once stopped, turns new ones away', () => {
    const h = hub();
    const a = new FakeSocket();
    h.clients.add(a, 0);
    h.bus.emit('shutdown', 'stop');
    expect(a.closed).toEqual({ code: CloseCode.GoingAway, reason: 'Gateway stopping' });
    const b = new FakeSocket();
    h.clients.add(b, 1);
    h.clients.stop();
    expect(b.closed?.code).toBe(CloseCode.GoingAway);
    expect(h.clients.stopped).toBe(true);
    const late = new FakeSocket();
    expect(h.clients.add(late, 2)).toBe(false);
    expect(late.closed?.code).toBe(CloseCode.GoingAway);
    expect(h.clients.size).toBe(0);
    // Unsubscribed from the bus when stopped.
    const idleBefore = h.idle();
    h.bus.emit('shutdown', 'stop');
    expect(h.idle()).toBe(idleBefore);
  });
});
