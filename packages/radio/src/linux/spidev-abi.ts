/**
 * The spidev user-space interface, written from the kernel header's definitions: the request numbers, the
 * mode bits and `struct spi_ioc_transfer`, encoded into the bytes an ioctl takes. Pure data: no device is
 * opened here, so tests prove the layout without one (and compare it with the real header when a C
 * compiler is at hand).
 */
import type { SpiSegment } from '../io';
import { iow } from './ioc';

/** The spidev ioctl "type" letter. */
const SPI_IOC_MAGIC = 'k'.charCodeAt(0);

/**
 * `struct spi_ioc_transfer`: 32 bytes on every architecture (the buffer pointers are 64-bit fields even on
 * a 32-bit host, which is why they are written as numbers, not as C pointers).
 */
export const SpiTransferLayout = {
  size: 32,
  txBuf: 0, // u64: address of the bytes to send, 0 = send zeros
  rxBuf: 8, // u64: address to store received bytes, 0 = discard them
  len: 16, // u32: bytes in this part
  speedHz: 20, // u32: 0 = the device's speed (SPI_IOC_WR_MAX_SPEED_HZ)
  delayUsecs: 24, // u16: pause after this part before the next one or chip-select release
  bitsPerWord: 26, // u8: 0 = the device's word size
  csChange: 27, // u8: 1 = release chip select after this part
  txNbits: 28, // u8: data lines for sending, 0/1 = single
  rxNbits: 29, // u8
  wordDelayUsecs: 30, // u8
  pad: 31, // u8
} as const;

/** SPI mode bits (the u32 of SPI_IOC_WR_MODE32). */
export const SpiMode = {
  CPHA: 0x01,
  CPOL: 0x02,
  CS_HIGH: 0x04,
  LSB_FIRST: 0x08,
  /** One shared data line (SI/SO on MOSI): each part either sends or receives. */
  THREE_WIRE: 0x10,
  LOOP: 0x20,
  NO_CS: 0x40,
  READY: 0x80,
} as const;

/** Largest message the size field of the request can describe (14 bits). */
const MESSAGE_SIZE_LIMIT = 1 << 14;

/** SPI_IOC_MESSAGE(n): a message of `n` parts; the size field holds n × 32 bytes (0 when it would not fit). */
export function spiIocMessage(n: number): number {
  const size = n * SpiTransferLayout.size;
  return iow(SPI_IOC_MAGIC, 0, size < MESSAGE_SIZE_LIMIT ? size : 0);
}

/** The most parts one message may have: the size field must not overflow. */
export const SPI_MAX_SEGMENTS = Math.floor((MESSAGE_SIZE_LIMIT - 1) / SpiTransferLayout.size);

export const SPI_IOC_WR_MODE = iow(SPI_IOC_MAGIC, 1, 1);
export const SPI_IOC_WR_BITS_PER_WORD = iow(SPI_IOC_MAGIC, 3, 1);
export const SPI_IOC_WR_MAX_SPEED_HZ = iow(SPI_IOC_MAGIC, 4, 4);
export const SPI_IOC_WR_MODE32 = iow(SPI_IOC_MAGIC, 5, 4);

/** Why a list of parts cannot be one message on this bus, or undefined when it can. */
export function spiSegmentsProblem(segments: readonly SpiSegment[], threeWire: boolean): string | undefined {
  if (segments.length === 0) return 'an SPI message needs at least one part';
  if (segments.length > SPI_MAX_SEGMENTS) return `an SPI message has at most ${SPI_MAX_SEGMENTS} parts`;
  for (const [index, segment] of segments.entries()) {
    const txLength = segment.tx?.length ?? 0;
    const rxLength = segment.rxLength ?? 0;
    if (txLength === 0 && rxLength === 0) return `SPI part ${index} neither sends nor receives`;
    const delay = segment.delayUs ?? 0;
    if (!Number.isInteger(delay) || delay < 0 || delay > 0xffff)
      return `SPI part ${index} asks for a delay of ${delay} µs (0..65535)`;
    if (txLength > 0 && rxLength > 0) {
      if (threeWire) return `SPI part ${index} both sends and receives, which a 3-wire bus cannot do`;
      if (txLength !== rxLength)
        return `SPI part ${index} receives ${rxLength} bytes while sending ${txLength}`;
    }
  }
  return undefined;
}

/** A message ready for the ioctl: the transfer array, and the buffers its addresses point into. */
export interface EncodedSpiMessage {
  request: number;
  transfers: Buffer;
  /** Per part, the buffer the kernel fills (empty for a send-only part). */
  rx: Buffer[];
  /** The send buffers: kept referenced until the ioctl returns. */
  tx: Buffer[];
}

/**
 * Encodes `segments` (already checked with `spiSegmentsProblem`) as `struct spi_ioc_transfer[n]`. `addressOf`
 * gives a buffer's memory address (the FFI's job); a test passes a fake one to read the layout back.
 */
export function encodeSpiMessage(
  segments: readonly SpiSegment[],
  addressOf: (buffer: Buffer) => bigint,
): EncodedSpiMessage {
  const L = SpiTransferLayout;
  const transfers = Buffer.alloc(segments.length * L.size);
  const rx: Buffer[] = [];
  const tx: Buffer[] = [];
  segments.forEach((segment, index) => {
    const at = index * L.size;
    const txBytes = segment.tx && segment.tx.length > 0 ? Buffer.from(segment.tx) : undefined;
    const rxLength = segment.rxLength ?? 0;
    const rxBytes = Buffer.alloc(rxLength);
    if (txBytes) tx.push(txBytes);
    rx.push(rxBytes);
    transfers.writeBigUInt64LE(txBytes ? addressOf(txBytes) : 0n, at + L.txBuf);
    transfers.writeBigUInt64LE(rxLength > 0 ? addressOf(rxBytes) : 0n, at + L.rxBuf);
    transfers.writeUInt32LE(txBytes?.length ?? rxLength, at + L.len);
    transfers.writeUInt16LE(segment.delayUs ?? 0, at + L.delayUsecs);
    transfers.writeUInt8(segment.csChange ? 1 : 0, at + L.csChange);
    // speed, word size and word delay stay 0: the device's settings.
  });
  return { request: spiIocMessage(segments.length), transfers, rx, tx };
}
