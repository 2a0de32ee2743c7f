/**
 * The GPIO character device's v2 user-space interface, written from the kernel header's definitions:
 * request numbers, flag bits and the structs we send (`gpio_v2_line_request` with its `gpio_v2_line_config`
 * and `gpio_v2_line_attribute`, `gpio_v2_line_values`) and read back (`gpio_v2_line_event`,
 * `gpiochip_info`). Pure data, little-endian (every host the radios start on), testable without a device.
 */
import { ior, iowr } from './ioc';

/** The GPIO ioctl "type" byte. */
const GPIO_IOC_MAGIC = 0xb4;

export const GPIO_V2_LINES_MAX = 64;
export const GPIO_MAX_NAME_SIZE = 32;
export const GPIO_V2_LINE_NUM_ATTRS_MAX = 10;

/** `struct gpiochip_info`: name, label, number of lines. */
export const GpioChipInfoLayout = { size: 68, name: 0, label: 32, lines: 64 } as const;

/** `struct gpio_v2_line_values`: one bit per requested line (by index in the request, not by offset). */
export const GpioLineValuesLayout = { size: 16, bits: 0, mask: 8 } as const;

/** `struct gpio_v2_line_attribute`: an id and a 64-bit union (flags, output values or debounce µs). */
export const GpioLineAttributeLayout = { size: 16, id: 0, padding: 4, value: 8 } as const;

/** `struct gpio_v2_line_config_attribute`: an attribute and the mask of lines it applies to. */
export const GpioLineConfigAttributeLayout = { size: 24, attr: 0, mask: 16 } as const;

/** `struct gpio_v2_line_config`: flags for every line, then up to ten per-line attributes. */
export const GpioLineConfigLayout = { size: 272, flags: 0, numAttrs: 8, padding: 12, attrs: 32 } as const;

/** `struct gpio_v2_line_request`: what GPIO_V2_GET_LINE_IOCTL takes; the kernel fills `fd`. */
export const GpioLineRequestLayout = {
  size: 592,
  offsets: 0, // u32[64]
  consumer: 256, // char[32]: shown by gpioinfo as the line's user
  config: 288, // struct gpio_v2_line_config
  numLines: 560,
  eventBufferSize: 564, // 0 = the kernel's default (16 events per line)
  padding: 568, // u32[5]
  fd: 588, // s32: the line handle
} as const;

/** `struct gpio_v2_line_event`: one edge, read from the line handle. */
export const GpioLineEventLayout = {
  size: 48,
  timestampNs: 0, // u64, CLOCK_MONOTONIC unless a realtime clock was asked for
  id: 8, // 1 rising, 2 falling
  offset: 12,
  seqno: 16, // across all lines of the request
  lineSeqno: 20, // this line only
  padding: 24, // u32[6]
} as const;

export const GPIO_GET_CHIPINFO_IOCTL = ior(GPIO_IOC_MAGIC, 0x01, GpioChipInfoLayout.size);
export const GPIO_V2_GET_LINE_IOCTL = iowr(GPIO_IOC_MAGIC, 0x07, GpioLineRequestLayout.size);
export const GPIO_V2_LINE_SET_CONFIG_IOCTL = iowr(GPIO_IOC_MAGIC, 0x0d, GpioLineConfigLayout.size);
export const GPIO_V2_LINE_GET_VALUES_IOCTL = iowr(GPIO_IOC_MAGIC, 0x0e, GpioLineValuesLayout.size);
export const GPIO_V2_LINE_SET_VALUES_IOCTL = iowr(GPIO_IOC_MAGIC, 0x0f, GpioLineValuesLayout.size);

/** `enum gpio_v2_line_flag`. */
export const GpioLineFlag = {
  USED: 1n << 0n,
  ACTIVE_LOW: 1n << 1n,
  INPUT: 1n << 2n,
  OUTPUT: 1n << 3n,
  EDGE_RISING: 1n << 4n,
  EDGE_FALLING: 1n << 5n,
  OPEN_DRAIN: 1n << 6n,
  OPEN_SOURCE: 1n << 7n,
  BIAS_PULL_UP: 1n << 8n,
  BIAS_PULL_DOWN: 1n << 9n,
  BIAS_DISABLED: 1n << 10n,
  EVENT_CLOCK_REALTIME: 1n << 11n,
  EVENT_CLOCK_HTE: 1n << 12n,
} as const;

/** `enum gpio_v2_line_attr_id`. */
export const GpioLineAttrId = { FLAGS: 1, OUTPUT_VALUES: 2, DEBOUNCE: 3 } as const;

/** `enum gpio_v2_line_event_id`. */
export const GpioLineEventId = { RISING_EDGE: 1, FALLING_EDGE: 2 } as const;

/** A request for one line: its offset, who uses it, its flags, and its first value when it is an output. */
export interface LineRequest {
  offset: number;
  consumer: string;
  flags: bigint;
  /** Outputs only: driven from the moment the request succeeds, so the line never glitches. */
  initialHigh?: boolean;
}

/** Encodes `struct gpio_v2_line_request` for one line. */
export function encodeLineRequest(request: LineRequest): Buffer {
  const R = GpioLineRequestLayout;
  const C = GpioLineConfigLayout;
  const buffer = Buffer.alloc(R.size);
  buffer.writeUInt32LE(request.offset, R.offsets);
  // At most 31 bytes of name: the kernel wants the string terminated inside its 32 bytes.
  buffer.write(
    request.consumer.slice(0, GPIO_MAX_NAME_SIZE - 1),
    R.consumer,
    GPIO_MAX_NAME_SIZE - 1,
    'latin1',
  );
  buffer.writeBigUInt64LE(request.flags, R.config + C.flags);
  if (request.initialHigh !== undefined) {
    const attribute = R.config + C.attrs;
    buffer.writeUInt32LE(1, R.config + C.numAttrs);
    buffer.writeUInt32LE(GpioLineAttrId.OUTPUT_VALUES, attribute + GpioLineAttributeLayout.id);
    buffer.writeBigUInt64LE(request.initialHigh ? 1n : 0n, attribute + GpioLineAttributeLayout.value);
    // The attribute applies to line index 0, the only line of this request.
    buffer.writeBigUInt64LE(1n, attribute + GpioLineConfigAttributeLayout.mask);
  }
  buffer.writeUInt32LE(1, R.numLines);
  buffer.writeInt32LE(-1, R.fd);
  return buffer;
}

/** The line handle the kernel wrote into a request. */
export function decodeLineRequestFd(buffer: Buffer): number {
  return buffer.readInt32LE(GpioLineRequestLayout.fd);
}

/** `struct gpio_v2_line_values` for the first (only) line of a request; `high` undefined = a read. */
export function encodeLineValues(high?: boolean): Buffer {
  const buffer = Buffer.alloc(GpioLineValuesLayout.size);
  buffer.writeBigUInt64LE(high ? 1n : 0n, GpioLineValuesLayout.bits);
  buffer.writeBigUInt64LE(1n, GpioLineValuesLayout.mask);
  return buffer;
}

export function decodeLineValue(buffer: Buffer): boolean {
  return (buffer.readBigUInt64LE(GpioLineValuesLayout.bits) & 1n) === 1n;
}

export interface LineEvent {
  timestampNs: bigint;
  rising: boolean;
  offset: number;
  seqno: number;
  lineSeqno: number;
}

/** The whole events in bytes read from a line handle (the kernel returns only whole events). */
export function decodeLineEvents(bytes: Buffer): LineEvent[] {
  const E = GpioLineEventLayout;
  const events: LineEvent[] = [];
  for (let at = 0; at + E.size <= bytes.length; at += E.size) {
    events.push({
      timestampNs: bytes.readBigUInt64LE(at + E.timestampNs),
      rising: bytes.readUInt32LE(at + E.id) === GpioLineEventId.RISING_EDGE,
      offset: bytes.readUInt32LE(at + E.offset),
      seqno: bytes.readUInt32LE(at + E.seqno),
      lineSeqno: bytes.readUInt32LE(at + E.lineSeqno),
    });
  }
  return events;
}

export interface ChipInfo {
  name: string;
  label: string;
  lines: number;
}

const cString = (bytes: Buffer): string => {
  const end = bytes.indexOf(0);
  return bytes.toString('latin1', 0, end < 0 ? bytes.length : end);
};

export function decodeChipInfo(buffer: Buffer): ChipInfo {
  const I = GpioChipInfoLayout;
  return {
    name: cString(buffer.subarray(I.name, I.name + GPIO_MAX_NAME_SIZE)),
    label: cString(buffer.subarray(I.label, I.label + GPIO_MAX_NAME_SIZE)),
    lines: buffer.readUInt32LE(I.lines),
  };
}
