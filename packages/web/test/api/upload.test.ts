import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBasic, setUser } from '../../src/api/auth';
import { uploadRequest } from '../../src/api/upload';

/** Records what an upload sets on its XMLHttpRequest and answers 200. */
class RecordingRequest {
  static last: RecordingRequest | undefined;
  readonly headers: Record<string, string> = {};
  method = '';
  url = '';
  status = 200;
  statusText = 'OK';
  responseText = '';
  readonly upload = { addEventListener: () => {} };
  readonly #listeners: Record<string, () => void> = {};
  constructor() {
    RecordingRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(name: string, listener: () => void) {
    this.#listeners[name] = listener;
  }
  send() {
    queueMicrotask(() => this.#listeners.load?.());
  }
}

beforeEach(() => vi.stubGlobal('XMLHttpRequest', RecordingRequest));
afterEach(() => vi.unstubAllGlobals());

describe('uploads', () => {
  // Without it a 401 would carry the Basic challenge and the browser would show its password dialog.
  it('send X-Requested-With and the stored credentials like every other call of the console', async () => {
    setUser({ username: 'admin', authdata: encodeBasic('admin', 'openDTU42') });
    await uploadRequest('/api/firmware/update', new FormData(), () => {});
    expect(RecordingRequest.last?.method).toBe('POST');
    expect(RecordingRequest.last?.headers).toEqual({
      'X-Requested-With': 'XMLHttpRequest',
      Authorization: `Basic ${btoa('admin:openDTU42')}`,
    });
  });
});
