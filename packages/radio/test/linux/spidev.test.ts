/** The spidev SpiBus against a fake host: the exact bytes of each ioctl, and errors in plain words. */
import { describe, expect, it } from 'vitest';
import { IoError } from '../../src/io';
import { errno, FakeHost } from '../../src/linux/fake-syscalls';
import { openSpidev } from '../../src/linux/spidev';
import {
  SpiTransferLayout as L,
  SPI_IOC_WR_BITS_PER_WORD,
  SPI_IOC_WR_MAX_SPEED_HZ,
  SPI_IOC_WR_MODE32,
  spiIocMessage,
} from '../../src/linux/spidev-abi';

/** A device that answers each sent byte with its bitwise complement, and receive-only parts with 0xa0+i. */
function echoingDevice(host: FakeHost) {
  return (request: number, arg: Buffer) => {
    if ((request & 0xffff) !== 0x6b00) return undefined; // a setting, not a message
    for (let at = 0; at < arg.length; at += L.size) {
      const txAddress = arg.readBigUInt64LE(at + L.txBuf);
      const rxAddress = arg.readBigUInt64LE(at + L.rxBuf);
      const length = arg.readUInt32LE(at + L.len);
      if (rxAddress === 0n) continue;
      const rx = host.at(rxAddress);
      expect(rx.length).toBe(length);
      for (let i = 0; i < length; i++) rx[i] = txAddress === 0n ? 0xa0 + i : ~host.at(txAddress)[i]! & 0xff;
    }
    return undefined;
  };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('openSpidev', () => {
  it('sets mode, word size and clock once, with the 3-wire bit for a shared data line', () => {
    const host = new FakeHost().device('/dev/spidev1.0');
    openSpidev('/dev/spidev1.0', { speedHz: 1_000_000, threeWire: true }, host);
    expect(host.calls.map((call) => [call.request, hex(call.arg)])).toEqual([
      [SPI_IOC_WR_MODE32, '10000000'],
      [SPI_IOC_WR_BITS_PER_WORD, '08'],
      [SPI_IOC_WR_MAX_SPEED_HZ, '40420f00'],
    ]);
  });

  it('full-duplex mode 0 without the 3-wire bit', () => {
    const host = new FakeHost().device('/dev/spidev0.0');
    openSpidev('/dev/spidev0.0', { speedHz: 8_000_000 }, host);
    expect(hex(host.calls[0]!.arg)).toBe('00000000');
    expect(host.calls[2]!.arg.readUInt32LE(0)).toBe(8_000_000);
  });

  it('sends one SPI_IOC_MESSAGE(n) with one spi_ioc_transfer per part, and returns what the kernel received', () => {
    const host = new FakeHost();
    host.device('/dev/spidev0.0', { ioctl: echoingDevice(host) });
    const bus = openSpidev('/dev/spidev0.0', { speedHz: 8_000_000 }, host);
    const rx = bus.transfer([
      { tx: Uint8Array.of(0x20, 0x0e) }, // send only
      { tx: Uint8Array.of(0x07, 0xff), rxLength: 2 }, // full duplex
      { rxLength: 3 }, // receive only
    ]);
    expect(rx.map(hex)).toEqual(['', 'f800', 'a0a1a2']);
    const message = host.calls.at(-1)!;
    expect(message.request).toBe(spiIocMessage(3));
    expect(message.arg.length).toBe(3 * 32);
    const part = (index: number) => message.arg.subarray(index * 32, index * 32 + 32);
    // part 0: tx pointer set, rx pointer 0, len 2, every other field 0 (device speed, one chip select)
    expect(part(0).readBigUInt64LE(L.rxBuf)).toBe(0n);
    expect(hex(host.at(part(0).readBigUInt64LE(L.txBuf)))).toBe('200e');
    expect(part(0).readUInt32LE(L.len)).toBe(2);
    expect(hex(part(0).subarray(L.speedHz))).toBe('00'.repeat(12));
    expect(hex(host.at(part(1).readBigUInt64LE(L.txBuf)))).toBe('07ff');
    expect(part(1).readBigUInt64LE(L.rxBuf)).not.toBe(0n);
    expect(part(2).readBigUInt64LE(L.txBuf)).toBe(0n);
    expect(part(2).readUInt32LE(L.len)).toBe(3);
  });

  it('refuses a part that both sends and receives on a 3-wire bus, before the kernel sees it', () => {
    const host = new FakeHost().device('/dev/spidev1.0');
    const bus = openSpidev('/dev/spidev1.0', { speedHz: 1_000_000, threeWire: true }, host);
    const before = host.calls.length;
    expect(() => bus.transfer([{ tx: Uint8Array.of(0x80), rxLength: 1 }])).toThrow(
      '/dev/spidev1.0: SPI part 0 both sends and receives, which a 3-wire bus cannot do',
    );
    expect(() => bus.transfer([])).toThrow(IoError);
    expect(() => bus.transfer([{ tx: Uint8Array.of(1, 2), rxLength: 3 }])).toThrow(IoError);
    expect(() => bus.transfer([{}])).toThrow('neither sends nor receives');
    expect(host.calls.length).toBe(before);
    expect(bus.transfer([{ tx: Uint8Array.of(0x80) }, { rxLength: 1 }])).toHaveLength(2);
  });

  it.each([
    ['ENOENT', '/dev/spidev0.0 does not exist: enable SPI (dtparam=spi=on in config.txt, then reboot)'],
    ['EACCES', 'no permission on /dev/spidev0.0: add the user to the spi group'],
    ['EBUSY', '/dev/spidev0.0 is busy: another program or driver uses it'],
  ])('an open failing with %s says what to do', (code, message) => {
    const host = new FakeHost();
    if (code !== 'ENOENT') host.device('/dev/spidev0.0', { openError: code });
    const error = (() => {
      try {
        openSpidev('/dev/spidev0.0', { speedHz: 8_000_000 }, host);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(IoError);
    expect((error as IoError).message).toBe(message);
    expect((error as IoError).code).toBe(code);
  });

  it('names the overlay for a missing SPI1 device', () => {
    expect(() => openSpidev('/dev/spidev1.0', { speedHz: 1 }, new FakeHost())).toThrow(
      '/dev/spidev1.0 does not exist: enable SPI1 (dtoverlay=spi1-2cs in config.txt, then reboot)',
    );
  });

  it('a controller without 3-wire support (EINVAL) is named, and the device is closed again', () => {
    const host = new FakeHost();
    host.device('/dev/spidev1.0', {
      ioctl: (request) => (request === SPI_IOC_WR_MODE32 ? errno('EINVAL')() : undefined),
    });
    expect(() => openSpidev('/dev/spidev1.0', { speedHz: 1_000_000, threeWire: true }, host)).toThrow(
      '/dev/spidev1.0 refused to use 3-wire SPI mode: the SPI controller does not support this setting',
    );
    expect(host.openFds.size).toBe(0);
  });

  it('a transfer error becomes an IoError; a closed bus refuses to transfer', () => {
    const host = new FakeHost();
    let fail = false;
    host.device('/dev/spidev0.0', { ioctl: () => (fail ? errno('EIO')() : undefined) });
    const bus = openSpidev('/dev/spidev0.0', { speedHz: 8_000_000 }, host);
    fail = true;
    expect(() => bus.transfer([{ tx: Uint8Array.of(0xff), rxLength: 1 }])).toThrow(
      '/dev/spidev0.0: input/output error while trying to transfer',
    );
    bus.close();
    bus.close();
    expect(host.openFds.size).toBe(0);
    expect(() => bus.transfer([{ tx: Uint8Array.of(0xff) }])).toThrow('/dev/spidev0.0 is closed');
  });
});
