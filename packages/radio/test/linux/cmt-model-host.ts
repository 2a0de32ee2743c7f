/**
 * A fake Linux host whose spidev and gpiochip stand for a CMT2300A model: every ioctl the Linux layer makes
 * is decoded (mode writes, `struct spi_ioc_transfer` arrays, line requests and values) and forwarded to
 * the model's doors, so the model's bus rules (CSB versus FCSB, one byte per FCSB pulse, 3-wire parts)
 * judge the real byte and line sequence. Each ioctl is also written as one readable trace line, stamped
 * with the fake nanosecond clock the FIFO port waits on.
 */

import type { ManualClock } from '@dtu-console/clock';
import type { AirResponder } from '../../src/cmt2300a/model/cmt2300a-far-side';
import { CmtFarSide } from '../../src/cmt2300a/model/cmt2300a-far-side';
import { Cmt2300aModel } from '../../src/cmt2300a/model/cmt2300a-model';
import { cmt2300aPorts } from '../../src/cmt2300a/model/cmt2300a-ports';
import type { SpiSegment } from '../../src/io';
import { FakeHost } from '../../src/linux/fake-syscalls';
import {
  GPIO_GET_CHIPINFO_IOCTL,
  GPIO_V2_GET_LINE_IOCTL,
  GPIO_V2_LINE_SET_VALUES_IOCTL,
  GpioLineRequestLayout as R,
  GpioLineValuesLayout as V,
} from '../../src/linux/gpio-abi';
import {
  SpiTransferLayout as L,
  SPI_IOC_WR_BITS_PER_WORD,
  SPI_IOC_WR_MAX_SPEED_HZ,
  SPI_IOC_WR_MODE32,
  SpiMode,
} from '../../src/linux/spidev-abi';

export const CMT_SPIDEV = '/dev/spidev0.1';
/** FCSB on a second chip select: its own spidev, every message one FIFO byte. */
export const FCSB_SPIDEV = '/dev/spidev0.2';
export const GPIOCHIP = '/dev/gpiochip0';
export const FCSB_LINE = 26;

const hex = (b: number) => b.toString(16).padStart(2, '0');
const hexes = (bytes: Iterable<number>) => [...bytes].map(hex).join(' ');

export interface CmtModelHost {
  host: FakeHost;
  model: Cmt2300aModel;
  /** One line per ioctl: `@<ns> <what>`. */
  trace: string[];
  /** The fake monotonic clock: each read advances it by 100 ns, so a busy-wait ends. */
  nanos: () => bigint;
}

export function cmtModelHost(clock: ManualClock, responder: AirResponder): CmtModelHost {
  const air = new CmtFarSide({ clock, responder });
  const model = new Cmt2300aModel({ clock, air, present: true });
  const trace: string[] = [];
  let ns = 0n;
  const nanos = () => {
    ns += 100n;
    return ns;
  };
  // The model measures the FCSB times on the same fake clock the FIFO port waits on.
  const ports = cmt2300aPorts(model, clock, { fcsb: FCSB_LINE, gpio2: 23, gpio3: 24 }, { nanos });
  const note = (text: string) => trace.push(`@${ns} ${text}`);
  const host = new FakeHost();
  host.nanos = nanos;
  let mode = 0;

  host.device(CMT_SPIDEV, {
    ioctl(request, arg, self) {
      if (request === SPI_IOC_WR_MODE32) {
        mode = arg.readUInt32LE(0);
        note(`spi mode 0x${hex(mode)}`);
        return undefined;
      }
      if (request === SPI_IOC_WR_BITS_PER_WORD) return void note(`spi bits ${arg[0]}`);
      if (request === SPI_IOC_WR_MAX_SPEED_HZ) return void note(`spi speed ${arg.readUInt32LE(0)}`);
      const segments: SpiSegment[] = [];
      const rxAddresses: bigint[] = [];
      for (let at = 0; at < arg.length; at += L.size) {
        const txAddress = arg.readBigUInt64LE(at + L.txBuf);
        const length = arg.readUInt32LE(at + L.len);
        rxAddresses.push(arg.readBigUInt64LE(at + L.rxBuf));
        const delayUs = arg.readUInt16LE(at + L.delayUsecs);
        const csChange = arg.readUInt8(at + L.csChange) !== 0;
        const data = txAddress === 0n ? { rxLength: length } : { tx: Uint8Array.from(self.at(txAddress)) };
        segments.push({ ...data, ...(delayUs > 0 ? { delayUs } : {}), ...(csChange ? { csChange } : {}) });
      }
      const unselected = (mode & SpiMode.NO_CS) !== 0;
      const result = (unselected ? ports.sdio : ports.csb).transfer(segments);
      rxAddresses.forEach((address, index) => {
        if (address !== 0n) self.at(address).set(result[index]!);
      });
      const parts = segments.map((s, index) => (s.tx ? `> ${hexes(s.tx)}` : `< ${hexes(result[index]!)}`));
      note(`spi ${unselected ? 'no-cs' : 'csb'} ${parts.join(' | ')}`);
      return undefined;
    },
  });

  host.device(FCSB_SPIDEV, {
    ioctl(request, arg, self) {
      if (request === SPI_IOC_WR_MODE32) return void note(`fcsb mode 0x${hex(arg.readUInt32LE(0))}`);
      if (request === SPI_IOC_WR_BITS_PER_WORD) return void note(`fcsb bits ${arg[0]}`);
      if (request === SPI_IOC_WR_MAX_SPEED_HZ) return void note(`fcsb speed ${arg.readUInt32LE(0)}`);
      const segments: SpiSegment[] = [];
      const rxAddresses: bigint[] = [];
      for (let at = 0; at < arg.length; at += L.size) {
        const txAddress = arg.readBigUInt64LE(at + L.txBuf);
        const length = arg.readUInt32LE(at + L.len);
        const delayUs = arg.readUInt16LE(at + L.delayUsecs);
        rxAddresses.push(arg.readBigUInt64LE(at + L.rxBuf));
        const data = txAddress === 0n ? { rxLength: length } : { tx: Uint8Array.from(self.at(txAddress)) };
        segments.push({ ...data, delayUs });
      }
      const result = ports.fcsb.transfer(segments);
      rxAddresses.forEach((address, index) => {
        if (address !== 0n) self.at(address).set(result[index]!);
      });
      const parts = segments.map(
        (s, index) => `${s.tx ? `> ${hexes(s.tx)}` : `< ${hexes(result[index]!)}`} hold ${s.delayUs ?? 0} us`,
      );
      note(`spi fcsb ${parts.join(' | ')}`);
      return undefined;
    },
  });

  const lineHandles = new Map<string, number>();
  host.device(GPIOCHIP, {
    ioctl(request, arg, self) {
      const path = self.calls.at(-1)!.path;
      if (request === GPIO_GET_CHIPINFO_IOCTL) {
        arg.writeUInt32LE(54, 64);
        return void note('gpio chip info');
      }
      if (request === GPIO_V2_GET_LINE_IOCTL) {
        const offset = arg.readUInt32LE(R.offsets);
        const consumer = arg.toString('latin1', R.consumer, R.consumer + 32).replace(/\0+$/, '');
        const handlePath = `${GPIOCHIP} line ${offset}`;
        const fd = self.handle(handlePath);
        lineHandles.set(handlePath, offset);
        arg.writeInt32LE(fd, R.fd);
        const initial = arg.readBigUInt64LE(R.config + 32 + 8);
        if (offset === FCSB_LINE) ports.fcsbLine.set(initial === 1n);
        return void note(`gpio request line ${offset} "${consumer}" initial ${initial}`);
      }
      if (request === GPIO_V2_LINE_SET_VALUES_IOCTL) {
        const offset = lineHandles.get(path)!;
        const high = (arg.readBigUInt64LE(V.bits) & 1n) === 1n;
        if (offset === FCSB_LINE) ports.fcsbLine.set(high);
        return void note(`gpio line ${offset} = ${high ? 1 : 0}`);
      }
      note(`gpio ioctl 0x${request.toString(16)} on ${path}`);
      return undefined;
    },
  });

  return { host, model, trace, nanos };
}
