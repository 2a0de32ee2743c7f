import type { SocketClient } from '../../src/ws/clients';

/** A WebSocket stand-in: records frames, lets a test set how much is still unsent. */
export class FakeSocket implements SocketClient {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: string[] = [];
  closed: { code?: number; reason?: string } | undefined;
  terminated = false;

  send(data: string): void {
    this.frames.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closed = { code, reason };
    this.readyState = 3;
  }

  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}
