/**
 * Opening a module's devices from its wiring (fake host), and the real host's system calls through koffi
 * on harmless files (this machine has no SPI or GPIO chip; a FIFO stands in for a line handle's poll()).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IoError } from '../../src/io';
import { EdgeWatcher } from '../../src/linux/edge-watcher';
import { errno, FakeHost } from '../../src/linux/fake-syscalls';
import {
  GPIO_GET_CHIPINFO_IOCTL,
  GPIO_V2_GET_LINE_IOCTL,
  GpioLineRequestLayout as R,
} from '../../src/linux/gpio-abi';
import { GpioChip } from '../../src/linux/gpio-chip';
import { LinuxRadioHost } from '../../src/linux/host';
import { openSpidev } from '../../src/linux/spidev';
import { SPI_IOC_WR_MODE32 } from '../../src/linux/spidev-abi';
import { type LinuxSyscalls, loadHostSyscalls } from '../../src/linux/syscalls';

/** A host with spidev0.0, spidev1.0, spidev1.1 and a 54-line gpiochip0 whose line `busyLine` is taken. */
function piHost(busyLine?: number): FakeHost {
  const host = new FakeHost();
  for (const path of ['/dev/spidev0.0', '/dev/spidev1.0', '/dev/spidev1.1']) host.device(path);
  host.device('/dev/gpiochip0', {
    ioctl(request, arg, self) {
      if (request === GPIO_GET_CHIPINFO_IOCTL) arg.writeUInt32LE(54, 64);
      if (request === GPIO_V2_GET_LINE_IOCTL) {
        const offset = arg.readUInt32LE(R.offsets);
        if (offset === busyLine) errno('EBUSY')();
        arg.writeInt32LE(self.handle(`/dev/gpiochip0 line ${offset}`), R.fd);
      }
      return undefined;
    },
  });
  return host;
}

const lineRequests = (host: FakeHost) =>
  host.calls
    .filter((call) => call.request === GPIO_V2_GET_LINE_IOCTL)
    .map((call) => [
      call.arg.readUInt32LE(R.offsets),
      call.arg.toString('latin1', R.consumer, R.consumer + 32).replace(/\0+$/, ''),
    ]);

describe('LinuxRadioHost', () => {
  it('opens an nRF24: SPI, CE low, IRQ with edges; the chip handle is not kept', () => {
    const host = piHost();
    const io = new LinuxRadioHost(host).openNrf({
      spidev: '/dev/spidev0.0',
      gpiochip: '/dev/gpiochip0',
      ce: 22,
      irq: 25,
      speedHz: 8_000_000,
    });
    expect(io.spi.path).toBe('/dev/spidev0.0');
    expect(io.ce.offset).toBe(22);
    expect(io.irq?.offset).toBe(25);
    expect(lineRequests(host)).toEqual([
      [22, 'dtu-console nrf24 ce'],
      [25, 'dtu-console nrf24 irq'],
    ]);
    expect([...host.openFds.values()].sort()).toEqual([
      '/dev/gpiochip0 line 22',
      '/dev/gpiochip0 line 25',
      '/dev/spidev0.0',
    ]);
    io.close();
    host.finishWait(); // the IRQ handle closes once the running poll() returns
    expect(host.openFds.size).toBe(0);
  });

  it('opens a CMT2300A in 3-wire mode with FCSB on the second chip select', () => {
    const host = piHost();
    const io = new LinuxRadioHost(host).openCmt({
      spidev: '/dev/spidev1.0',
      fcsb: { spidev: '/dev/spidev1.1' },
      threeWire: true,
      speedHz: 1_000_000,
    });
    expect(io.fcsb.kind).toBe('spi');
    // both devices set to 3-wire (mode 0x10)
    expect(
      host.calls.filter((call) => call.arg.length === 4 && call.arg.readUInt32LE(0) === 0x10),
    ).toHaveLength(2);
    expect(io.gpio2).toBeUndefined();
    io.close();
    expect(host.openFds.size).toBe(0);
  });

  it('opens a CMT2300A on a controller without 3-wire mode (SDIO bridged): mode 0, parts still one-way', () => {
    const host = piHost();
    const io = new LinuxRadioHost(host).openCmt({
      spidev: '/dev/spidev1.0',
      fcsb: { spidev: '/dev/spidev1.1' },
      threeWire: false,
      speedHz: 1_000_000,
    });
    const modes = host.calls
      .filter((call) => call.request === SPI_IOC_WR_MODE32)
      .map((call) => call.arg.readUInt32LE(0));
    expect(modes).toEqual([0, 0]);
    expect(io.spi.transfer([{ tx: Uint8Array.of(0x80) }, { rxLength: 1 }])).toHaveLength(2);
    io.close();
  });

  it('opens a CMT2300A with FCSB, GPIO2 and GPIO3 on lines; FCSB starts high (not selected)', () => {
    const host = piHost();
    const io = new LinuxRadioHost(host).openCmt({
      spidev: '/dev/spidev1.0',
      fcsb: { line: 16 },
      threeWire: true,
      gpiochip: '/dev/gpiochip0',
      gpio2: 5,
      gpio3: 6,
      speedHz: 1_000_000,
    });
    expect(io.fcsb.kind).toBe('gpio');
    expect(lineRequests(host).map(([offset]) => offset)).toEqual([16, 5, 6]);
    const fcsbRequest = host.calls.find((call) => call.request === GPIO_V2_GET_LINE_IOCTL)!.arg;
    expect(fcsbRequest.readBigUInt64LE(R.config + 32 + 8)).toBe(1n);
    io.close();
    host.finishWait();
    expect(host.openFds.size).toBe(0);
  });

  it('a busy line closes everything opened before it and says which line', () => {
    const host = piHost(25);
    expect(() =>
      new LinuxRadioHost(host).openNrf({
        spidev: '/dev/spidev0.0',
        gpiochip: '/dev/gpiochip0',
        ce: 22,
        irq: 25,
        speedHz: 8_000_000,
      }),
    ).toThrow('request line 25 on /dev/gpiochip0: the line is busy');
    expect(host.openFds.size).toBe(0);
  });

  it('a CMT wiring with lines but no gpiochip is refused in words', () => {
    expect(() =>
      new LinuxRadioHost(piHost()).openCmt({
        spidev: '/dev/spidev1.0',
        fcsb: { line: 16 },
        threeWire: true,
        speedHz: 1_000_000,
      }),
    ).toThrow(IoError);
  });
});

const hostSyscalls: LinuxSyscalls | undefined = await loadHostSyscalls().catch(() => undefined);

describe.skipIf(hostSyscalls === undefined)(
  'the real host through koffi (skipped when koffi cannot load)',
  () => {
    const sys = hostSyscalls!;

    it('turns a missing spidev and a non-GPIO device into plain words', () => {
      expect(() => openSpidev('/dev/spidev9.0', { speedHz: 1_000_000 }, sys)).toThrow(
        '/dev/spidev9.0 does not exist: enable SPI9 (dtoverlay=spi9-2cs in config.txt, then reboot)',
      );
      // /dev/null answers every ioctl with ENOTTY: the errno comes back through koffi.
      expect(() => GpioChip.open('/dev/null', sys, new EdgeWatcher(sys))).toThrow(
        '/dev/null is not a GPIO chip',
      );
      expect(() => openSpidev('/dev/null', { speedHz: 1_000_000 }, sys)).toThrow(
        '/dev/null is not an SPI device',
      );
    });

    it('gives buffer addresses the kernel can use, and waits for a readable fd off the main thread', async () => {
      const first = sys.addressOf(Buffer.alloc(8));
      expect(first).toBeGreaterThan(0n);
      const dir = mkdtempSync(join(tmpdir(), 'edge-'));
      try {
        const fifo = join(dir, 'line');
        execFileSync('mkfifo', [fifo]);
        // Read-write so the open does not wait for a writer (Linux allows it on a FIFO).
        const fd = sys.open(fifo);
        const timedOut = await new Promise<number[]>((resolve) => sys.waitReadable([fd], 20, resolve));
        expect(timedOut).toEqual([]);
        const ready = new Promise<number[]>((resolve) => sys.waitReadable([fd], 5_000, resolve));
        let ticks = 0;
        const ticker = setInterval(() => ticks++, 1);
        await new Promise((resolve) => setTimeout(resolve, 30));
        writeSync(fd, Buffer.alloc(48, 1));
        expect(await ready).toEqual([fd]);
        clearInterval(ticker);
        expect(ticks).toBeGreaterThan(0); // the event loop ran while poll() waited
        const into = Buffer.alloc(96);
        expect(sys.read(fd, into)).toBe(48);
        sys.close(fd);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
