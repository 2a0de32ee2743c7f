/**
 * SocketCAN as far as a machine without CAN can test it: the `struct can_frame` parse, the numbers and
 * layouts against the kernel's headers (where a C compiler is at hand), the non-blocking read loop over a
 * socket pair standing in for a CAN socket, and opening an interface that does not exist. Reading a real
 * (virtual) CAN interface runs only where vcan0 exists.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { PYLON_CAN_IDS } from '../../../src/battery/pylontech-can/frames';
import {
  CAN_MAX_DLEN,
  CAN_RAW,
  type CanFrame,
  CanFrameLayout,
  CanIdBits,
  type CanListener,
  IFNAMSIZ,
  IfreqLayout,
  openCanSocket,
  openSocketCan,
  PF_CAN,
  parseCanFrame,
  readCanFrames,
  SIOCGIFINDEX,
  SOCK_CLOEXEC,
  SOCK_NONBLOCK,
  SOCK_RAW,
  SockaddrCanLayout,
} from '../../../src/battery/pylontech-can/socketcan';
import type { BatteryProblem } from '../../../src/battery/types';
import { PYLON } from './published-frames';

/** A `struct can_frame` as the kernel hands it over: written here field by field, little-endian. */
function rawFrame(canId: number, data: Uint8Array, length = data.length): Buffer {
  const bytes = Buffer.alloc(16);
  bytes.writeUInt32LE(canId >>> 0, 0);
  bytes[4] = length;
  bytes[5] = 0xaa; // padding and reserved bytes: whatever they hold is not read
  bytes[6] = 0x55;
  bytes[7] = 0xff;
  Buffer.from(data).copy(bytes, 8);
  return bytes;
}

interface Collected {
  frames: CanFrame[];
  refused: number;
  problems: BatteryProblem[];
  ended: BatteryProblem[];
  listener: CanListener;
}

function collector(): Collected {
  const c: Collected = {
    frames: [] as CanFrame[],
    refused: 0,
    problems: [] as BatteryProblem[],
    ended: [] as BatteryProblem[],
    listener: {
      frame: (f: CanFrame) => c.frames.push(f),
      refused: () => c.refused++,
      problem: (p: BatteryProblem) => c.problems.push(p),
      ended: (p: BatteryProblem) => c.ended.push(p),
    },
  };
  return c;
}

async function loadKoffi(): Promise<typeof import('koffi') | undefined> {
  if (process.platform !== 'linux') return undefined;
  try {
    return await import('koffi');
  } catch {
    return undefined;
  }
}
const koffi = await loadKoffi();
const CC = (() => {
  try {
    execFileSync('cc', ['--version'], { stdio: 'ignore' });
    return existsSync('/usr/include/linux/can.h');
  } catch {
    return false;
  }
})();
const HAS_VCAN = existsSync('/sys/class/net/vcan0');

describe('struct can_frame', () => {
  it('gives the 11-bit id, the length and a copy of the data of a standard frame', () => {
    const bytes = rawFrame(PYLON_CAN_IDS.measurements, PYLON.measurements);
    const frame = parseCanFrame(bytes);
    expect(frame).toEqual({ id: 0x356, extended: false, remote: false, data: PYLON.measurements });
    bytes.fill(0);
    expect(frame?.data).toEqual(PYLON.measurements);
  });

  it('masks the EFF and RTR flags off the id and says them', () => {
    expect(parseCanFrame(rawFrame(CanIdBits.EFF_FLAG | 0x18ff50e5, Uint8Array.of(1, 2)))).toEqual({
      id: 0x18ff50e5,
      extended: true,
      remote: false,
      data: Uint8Array.of(1, 2),
    });
    expect(parseCanFrame(rawFrame(CanIdBits.RTR_FLAG | 0x356, Uint8Array.of(), 0))).toEqual({
      id: 0x356,
      extended: false,
      remote: true,
      data: Uint8Array.of(),
    });
    // A standard frame keeps only its 11 bits, whatever lies above them.
    expect(parseCanFrame(rawFrame(0x1234356, Uint8Array.of()))?.id).toBe(0x356);
  });

  it('refuses a length over 8, an error frame and a read that is not 16 bytes', () => {
    expect(parseCanFrame(rawFrame(0x356, PYLON.limits, 8))?.data).toHaveLength(8);
    expect(parseCanFrame(rawFrame(0x356, PYLON.limits, 9))).toBeUndefined();
    expect(parseCanFrame(rawFrame(0x356, PYLON.limits, 15))).toBeUndefined();
    expect(parseCanFrame(rawFrame(CanIdBits.ERR_FLAG | 0x004, Uint8Array.of(0, 0x10)))).toBeUndefined();
    expect(parseCanFrame(rawFrame(0x356, PYLON.measurements).subarray(0, 15))).toBeUndefined();
    expect(parseCanFrame(new Uint8Array(72))).toBeUndefined(); // a CAN FD frame
  });
});

describe('SocketCAN numbers and layouts', () => {
  it('are those worked out by hand from the headers', () => {
    expect([PF_CAN, SOCK_RAW, CAN_RAW, SIOCGIFINDEX, IFNAMSIZ, CAN_MAX_DLEN]).toEqual([
      29, 3, 1, 0x8933, 16, 8,
    ]);
    expect(CanFrameLayout).toEqual({ size: 16, canId: 0, len: 4, data: 8 });
    expect(IfreqLayout.ifindex).toBe(16);
    expect(SockaddrCanLayout).toEqual({ size: 24, family: 0, ifindex: 4 });
  });

  // The header's own values, printed by a C program compiled on this machine.
  it.skipIf(!CC)(
    `match linux/can.h, net/if.h and sys/socket.h (${CC ? 'cc' : 'needs cc and the kernel headers'})`,
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'socketcan-abi-'));
      try {
        const source = join(dir, 'probe.c');
        writeFileSync(
          source,
          `#include <stdio.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/ioctl.h>
#include <net/if.h>
#include <linux/can.h>
#define P(name, value) printf("%s %lu\\n", name, (unsigned long)(value))
int main(void) {
  P("PF_CAN", PF_CAN); P("SOCK_RAW", SOCK_RAW); P("CAN_RAW", CAN_RAW);
  P("SOCK_NONBLOCK", SOCK_NONBLOCK); P("SOCK_CLOEXEC", SOCK_CLOEXEC);
  P("SIOCGIFINDEX", SIOCGIFINDEX); P("IFNAMSIZ", IFNAMSIZ); P("CAN_MAX_DLEN", CAN_MAX_DLEN);
  P("CAN_EFF_FLAG", CAN_EFF_FLAG); P("CAN_RTR_FLAG", CAN_RTR_FLAG); P("CAN_ERR_FLAG", CAN_ERR_FLAG);
  P("CAN_SFF_MASK", CAN_SFF_MASK); P("CAN_EFF_MASK", CAN_EFF_MASK);
  P("sizeof can_frame", sizeof(struct can_frame));
  P("can_frame.can_id", offsetof(struct can_frame, can_id));
  P("can_frame.can_dlc", offsetof(struct can_frame, can_dlc));
  P("can_frame.data", offsetof(struct can_frame, data));
  P("sizeof ifreq", sizeof(struct ifreq));
  P("ifreq.ifr_name", offsetof(struct ifreq, ifr_name));
  P("ifreq.ifr_ifindex", offsetof(struct ifreq, ifr_ifindex));
  P("sizeof sockaddr_can", sizeof(struct sockaddr_can));
  P("sockaddr_can.can_family", offsetof(struct sockaddr_can, can_family));
  P("sockaddr_can.can_ifindex", offsetof(struct sockaddr_can, can_ifindex));
  return 0;
}
`,
        );
        const binary = join(dir, 'probe');
        execFileSync('cc', ['-o', binary, source]);
        const header = Object.fromEntries(
          execFileSync(binary, { encoding: 'utf8' })
            .trim()
            .split('\n')
            .map((line) => {
              const cut = line.lastIndexOf(' ');
              return [line.slice(0, cut), Number(line.slice(cut + 1))];
            }),
        );
        expect(header).toMatchObject({
          PF_CAN,
          SOCK_RAW,
          CAN_RAW,
          SOCK_NONBLOCK,
          SOCK_CLOEXEC,
          SIOCGIFINDEX,
          IFNAMSIZ,
          CAN_MAX_DLEN,
          CAN_EFF_FLAG: CanIdBits.EFF_FLAG,
          CAN_RTR_FLAG: CanIdBits.RTR_FLAG,
          CAN_ERR_FLAG: CanIdBits.ERR_FLAG,
          CAN_SFF_MASK: CanIdBits.SFF_MASK,
          CAN_EFF_MASK: CanIdBits.EFF_MASK,
          'sizeof can_frame': CanFrameLayout.size,
          'can_frame.can_id': CanFrameLayout.canId,
          'can_frame.can_dlc': CanFrameLayout.len,
          'can_frame.data': CanFrameLayout.data,
          'ifreq.ifr_name': IfreqLayout.name,
          'ifreq.ifr_ifindex': IfreqLayout.ifindex,
          'sizeof sockaddr_can': SockaddrCanLayout.size,
          'sockaddr_can.can_family': SockaddrCanLayout.family,
          'sockaddr_can.can_ifindex': SockaddrCanLayout.ifindex,
        });
        // Our ifreq buffer is the larger of the 64- and 32-bit sizes.
        expect(header['sizeof ifreq']).toBeLessThanOrEqual(IfreqLayout.size);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('the non-blocking read loop', () => {
  // A SOCK_SEQPACKET socket pair keeps message bounds as a CAN socket does: one write, one read.
  it.skipIf(!koffi)(
    `delivers frames, refuses short reads, and ends when its peer goes (${koffi ? 'socket pair' : 'needs Linux and koffi'})`,
    async () => {
      if (!koffi) return;
      const socketpair = koffi.load('libc.so.6').func('int socketpair(int d, int t, int p, void *sv)');
      const pair = Buffer.alloc(8);
      expect(
        socketpair(1 /* AF_UNIX */, 5 /* SOCK_SEQPACKET */ | SOCK_NONBLOCK | SOCK_CLOEXEC, 0, pair),
      ).toBe(0);
      const [ours, peer] = [pair.readInt32LE(0), pair.readInt32LE(4)];
      const c = collector();
      const reader = readCanFrames(ours, 'pair0', c.listener);
      writeSync(peer, rawFrame(PYLON_CAN_IDS.soc, PYLON.soc));
      writeSync(peer, Buffer.alloc(10));
      writeSync(peer, rawFrame(PYLON_CAN_IDS.measurements, PYLON.measurements));
      await vi.waitFor(() => expect(c.frames).toHaveLength(2), { timeout: 3000 });
      expect(c.frames.map((f) => f.id)).toEqual([0x355, 0x356]);
      expect(c.refused).toBe(1);
      closeSync(peer);
      await vi.waitFor(() => expect(c.ended).toHaveLength(1), { timeout: 3000 });
      expect(c.ended[0]).toEqual({ code: 'device-lost', detail: 'pair0: the CAN socket was closed' });
      expect(c.problems).toEqual([]);
      reader.close(); // already closed by the end: a second close does nothing
    },
  );
});

describe('opening an interface', () => {
  it.each(['can-does-not-exist0', 'cannotexist9'])(
    'says plainly that %s cannot be read, never throws',
    async (name) => {
      const c = collector();
      const result = await openSocketCan(name, c.listener);
      expect('problem' in result).toBe(true);
      if (!('problem' in result)) return result.reader.close();
      // 'no-socketcan' where the kernel has no CAN support (as on the machine this was written on).
      expect(['device-missing', 'no-socketcan']).toContain(result.problem.code);
      expect(result.problem.detail).toContain(name);
    },
  );

  it.skipIf(!HAS_VCAN)(
    `reads a frame sent on vcan0 through a second socket (${HAS_VCAN ? 'vcan0' : 'needs the vcan kernel module: ip link add dev vcan0 type vcan'})`,
    async () => {
      const c = collector();
      const opened = await openSocketCan('vcan0', c.listener);
      if ('problem' in opened) throw new Error(opened.problem.detail);
      const sender = await openCanSocket('vcan0');
      if ('problem' in sender) throw new Error(sender.problem.detail);
      try {
        writeSync(sender.fd, rawFrame(PYLON_CAN_IDS.measurements, PYLON.measurements));
        await vi.waitFor(() => expect(c.frames).toHaveLength(1), { timeout: 3000 });
        expect(c.frames[0]).toEqual({ id: 0x356, extended: false, remote: false, data: PYLON.measurements });
      } finally {
        closeSync(sender.fd);
        opened.reader.close();
      }
    },
  );
});
