/**
 * Frames ↔ protobuf bodies for one side of a connection, with or without encryption: `pack` seals a
 * body (unless its tag is never encrypted) and frames it; `unpack` checks and opens one frame.
 */
import { open, seal } from './crypto';
import { encodeFrame, FrameReader, type WifiFrame } from './frame';
import { isNeverEncrypted } from './tags';

export interface WifiCodecOptions {
  /** The device's enc_rand when it encrypts; null for a device that does not. */
  encRand(): Uint8Array | null;
}

export type UnpackResult = { ok: true; body: Uint8Array } | { ok: false; error: string };

export class WifiCodec {
  readonly #options: WifiCodecOptions;

  constructor(options: WifiCodecOptions) {
    this.#options = options;
  }

  /** Whether frames of `tag` are sealed on this connection. */
  encrypts(tag: number): boolean {
    return this.#options.encRand() !== null && !isNeverEncrypted(tag);
  }

  pack(tag: number, sequence: number, body: Uint8Array): Uint8Array {
    const encRand = this.#options.encRand();
    if (encRand !== null && !isNeverEncrypted(tag)) {
      return encodeFrame(tag, sequence, seal(encRand, tag, sequence, body), { encrypted: true });
    }
    return encodeFrame(tag, sequence, body);
  }

  unpack(frame: WifiFrame): UnpackResult {
    if (!frame.encrypted) return { ok: true, body: frame.body };
    const encRand = this.#options.encRand();
    if (encRand === null) return { ok: false, error: 'an encrypted frame on a connection without a key' };
    const body = open(encRand, frame.tag, frame.sequence, frame.body);
    return body === null
      ? {
          ok: false,
          error: `frame 0x${frame.tag.toString(16)} #${frame.sequence} does not decrypt with the device's key`,
        }
      : { ok: true, body };
  }

  /** A reader for this connection's byte stream. */
  reader(): FrameReader {
    return new FrameReader({ encrypted: (tag) => this.encrypts(tag) });
  }
}
