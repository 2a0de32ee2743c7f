/**
 * GPIO v2 line requests against a fake host: the bytes of each request, values, edge events read off the
 * main thread's path only when poll() says so, and errors in plain words.
 */
import { describe, expect, it } from 'vitest';
import type { GpioEdge } from '../../src/io';
import { EDGE_WAIT_MS, EdgeWatcher } from '../../src/linux/edge-watcher';
import { errno, FakeHost } from '../../src/linux/fake-syscalls';
import {
  GPIO_GET_CHIPINFO_IOCTL,
  GPIO_V2_GET_LINE_IOCTL,
  GPIO_V2_LINE_GET_VALUES_IOCTL,
  GPIO_V2_LINE_SET_VALUES_IOCTL,
  GpioLineRequestLayout as R,
} from '../../src/linux/gpio-abi';
import { GpioChip } from '../../src/linux/gpio-chip';

const CHIP = '/dev/gpiochip0';

/** A 54-line chip (a Raspberry Pi's) whose lines read `levels` and whose requests may fail. */
function fakeChip(options: { requestError?: string; levels?: Map<number, boolean> } = {}) {
  const host = new FakeHost();
  host.device(CHIP, {
    ioctl(request, arg, self) {
      if (request === GPIO_GET_CHIPINFO_IOCTL) {
        arg.write('gpiochip0', 0, 'latin1');
        arg.write('pinctrl-bcm2711', 32, 'latin1');
        arg.writeUInt32LE(54, 64);
      } else if (request === GPIO_V2_GET_LINE_IOCTL) {
        if (options.requestError) errno(options.requestError)();
        arg.writeInt32LE(self.handle(`${CHIP} line ${arg.readUInt32LE(R.offsets)}`), R.fd);
      } else if (request === GPIO_V2_LINE_GET_VALUES_IOCTL) {
        arg.writeBigUInt64LE(options.levels?.get(25) ? 1n : 0n, 0);
      }
      return undefined;
    },
  });
  const watcher = new EdgeWatcher(host);
  return { host, watcher, chip: GpioChip.open(CHIP, host, watcher) };
}

/** One `struct gpio_v2_line_event` as the kernel writes it. */
function event(offset: number, rising: boolean, timestampNs: bigint, lineSeqno: number): Buffer {
  const bytes = Buffer.alloc(48);
  bytes.writeBigUInt64LE(timestampNs, 0);
  bytes.writeUInt32LE(rising ? 1 : 2, 8);
  bytes.writeUInt32LE(offset, 12);
  bytes.writeUInt32LE(lineSeqno + 100, 16);
  bytes.writeUInt32LE(lineSeqno, 20);
  return bytes;
}

describe('GpioChip', () => {
  it('reads the chip size at open', () => {
    const { chip } = fakeChip();
    expect(chip.info).toEqual({ name: 'gpiochip0', label: 'pinctrl-bcm2711', lines: 54 });
  });

  it('requests an output with its first value in the same ioctl (no glitch)', () => {
    const { host, chip } = fakeChip();
    const ce = chip.requestOutput(22, { consumer: 'dtu-console nrf24 ce', initialHigh: true });
    const request = host.calls.find((call) => call.request === GPIO_V2_GET_LINE_IOCTL)!.arg;
    expect(request.length).toBe(592);
    expect(request.readUInt32LE(0)).toBe(22); // offsets[0]
    expect(request.toString('latin1', 256, 256 + 21)).toBe('dtu-console nrf24 ce\0');
    expect(request.readBigUInt64LE(288)).toBe(1n << 3n); // config.flags = OUTPUT
    expect(request.readUInt32LE(288 + 8)).toBe(1); // config.num_attrs
    expect(request.readUInt32LE(288 + 32)).toBe(2); // attrs[0].attr.id = OUTPUT_VALUES
    expect(request.readBigUInt64LE(288 + 32 + 8)).toBe(1n); // attrs[0].attr.values: line 0 high
    expect(request.readBigUInt64LE(288 + 32 + 16)).toBe(1n); // attrs[0].mask: line 0
    expect(request.readUInt32LE(560)).toBe(1); // num_lines
    expect(request.readUInt32LE(564)).toBe(0); // event_buffer_size: the kernel's default
    expect(request.subarray(568, 588).every((byte) => byte === 0)).toBe(true); // padding zero
    expect(ce.offset).toBe(22);

    ce.set(false);
    ce.set(true);
    const sets = host.calls.filter((call) => call.request === GPIO_V2_LINE_SET_VALUES_IOCTL);
    expect(sets.map((call) => call.arg.toString('hex'))).toEqual([
      '0000000000000000' + '0100000000000000', // bits 0, mask line 0
      '0100000000000000' + '0100000000000000',
    ]);
    expect(sets[0]!.path).toBe(`${CHIP} line 22`);
  });

  it('requests an input for both edges with a bias, and reads its level', () => {
    const { host, chip } = fakeChip({ levels: new Map([[25, true]]) });
    const irq = chip.requestInput(25, { consumer: 'irq', edges: 'both', bias: 'pull-up' });
    const request = host.calls.find((call) => call.request === GPIO_V2_GET_LINE_IOCTL)!.arg;
    // INPUT | EDGE_RISING | EDGE_FALLING | BIAS_PULL_UP, no attributes
    expect(request.readBigUInt64LE(288)).toBe((1n << 2n) | (1n << 4n) | (1n << 5n) | (1n << 8n));
    expect(request.readUInt32LE(288 + 8)).toBe(0);
    expect(irq.get()).toBe(true);
  });

  it('delivers edges with the kernel timestamps, read only when poll() said the line is readable', () => {
    const { host, chip } = fakeChip();
    const irq = chip.requestInput(25, { consumer: 'irq', edges: 'falling' });
    const edges: GpioEdge[] = [];
    const stop = irq.onEdge((edge) => edges.push(edge));
    expect(host.waits).toHaveLength(1);
    expect(host.waits[0]!.timeoutMs).toBe(EDGE_WAIT_MS);
    const lineFd = host.waits[0]!.fds[0]!;

    host.finishWait(); // a timeout: nothing read, the next wait starts
    expect(edges).toEqual([]);
    host.pending.set(
      lineFd,
      Buffer.concat([event(25, false, 1_000_123n, 1), event(25, true, 1_050_000n, 2)]),
    );
    host.finishWait();
    expect(edges).toEqual([
      { offset: 25, rising: false, timestampNs: 1_000_123n, seqno: 1 },
      { offset: 25, rising: true, timestampNs: 1_050_000n, seqno: 2 },
    ]);
    stop();
    host.pending.set(lineFd, event(25, false, 2_000_000n, 3));
    host.finishWait();
    expect(edges).toHaveLength(2); // read and dropped: no listener
    expect(host.pending.get(lineFd)!.length).toBe(0);
  });

  it('closes a watched line only after the running poll() returns, then stops polling', () => {
    const { host, chip, watcher } = fakeChip();
    const irq = chip.requestInput(25, { consumer: 'irq', edges: 'both' });
    const lineFd = host.waits[0]!.fds[0]!;
    irq.close();
    expect(host.openFds.has(lineFd)).toBe(true);
    host.finishWait();
    expect(host.openFds.has(lineFd)).toBe(false);
    expect(host.waits).toHaveLength(0);
    expect(watcher.busy).toBe(false);
  });

  it('stops watching a line whose handle fails to read (the line has gone), instead of spinning', () => {
    const { host, chip } = fakeChip();
    chip.requestInput(25, { consumer: 'irq', edges: 'both' });
    const lineFd = host.waits[0]!.fds[0]!;
    host.read = () => {
      throw Object.assign(new Error('ENODEV'), { code: 'ENODEV' });
    };
    host.pending.set(lineFd, Buffer.alloc(48));
    host.finishWait();
    expect(host.waits).toHaveLength(0);
  });

  it('refuses a line the chip does not have, naming the range', () => {
    const { chip } = fakeChip();
    expect(() => chip.requestOutput(54, { consumer: 'x', initialHigh: false })).toThrow(
      '/dev/gpiochip0 has no line 54 (it has 54 lines, 0..53): check the device profile',
    );
  });

  it.each([
    [
      'EBUSY',
      'the line is busy, another program or a kernel driver (an SPI chip select, an overlay) uses it',
    ],
    ['EINVAL', 'check the line offsets of the device profile (gpioinfo lists the lines)'],
  ])('a line request failing with %s says why', (code, advice) => {
    const { chip } = fakeChip({ requestError: code });
    expect(() => chip.requestOutput(8, { consumer: 'x', initialHigh: false })).toThrow(advice);
  });

  it.each([
    [
      'ENOENT',
      '/dev/gpiochip0 does not exist: check the gpiochip of the device profile (gpiodetect lists the chips)',
    ],
    ['EACCES', 'no permission on /dev/gpiochip0: add the user to the gpio group'],
  ])('a chip open failing with %s says what to do', (code, message) => {
    const host = new FakeHost();
    if (code !== 'ENOENT') host.device(CHIP, { openError: code });
    expect(() => GpioChip.open(CHIP, host, new EdgeWatcher(host))).toThrow(message);
  });

  it('a device that is not a GPIO chip (ENOTTY) is named and closed again', () => {
    const host = new FakeHost().device('/dev/null', { ioctl: errno('ENOTTY') });
    expect(() => GpioChip.open('/dev/null', host, new EdgeWatcher(host))).toThrow(
      '/dev/null is not a GPIO chip',
    );
    expect(host.openFds.size).toBe(0);
  });
});
