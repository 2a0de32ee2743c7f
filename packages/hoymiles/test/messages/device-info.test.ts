import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import inverterTypes from '../../data/inverter-types.json';
import protocol from '../../data/protocol.json';
import { lookupModel } from '../../src/families';
import {
  DEVICE_INFO_ALL_DATA_TYPE,
  DEVICE_INFO_SIMPLE_DATA_TYPE,
  type DeviceInfoAll,
  type DeviceInfoSimple,
  decodeDeviceInfoAll,
  decodeDeviceInfoSimple,
  encodeDeviceInfoAll,
  encodeDeviceInfoSimple,
  formatBuildDateTime,
  formatFirmwareVersion,
  hwPartNumberForModel,
  isDeviceInfoValid,
  summarizeDeviceInfo,
} from '../../src/messages/device-info';
import { hex, joinFrames, toHex, withCrc } from '../helpers/hex';

const vec = protocol.testVectors.devInfo;

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('device info test vector (protocol.json → devInfo)', () => {
  const allPayload = joinFrames(vec.allFrames);
  const simplePayload = joinFrames(vec.simpleFrames);

  it('uses data types 0x01 and 0x00', () => {
    expect(DEVICE_INFO_ALL_DATA_TYPE).toBe(0x01);
    expect(DEVICE_INFO_SIMPLE_DATA_TYPE).toBe(0x00);
    expect(allPayload.length).toBe(16);
  });

  it('decodes both answers into the /api/devinfo/status values', () => {
    const all = unwrap(decodeDeviceInfoAll(allPayload));
    const simple = unwrap(decodeDeviceInfoSimple(simplePayload));
    expect(all).toEqual({
      fwBuildVersion: 10112,
      buildYear: 2023,
      buildMonth: 3,
      buildDay: 14,
      buildHour: 9,
      buildMinute: 5,
      bootloaderVersion: 2,
    });
    const info = summarizeDeviceInfo('HMS_4CH', all, simple);
    expect(info).toEqual({
      received: true,
      valid: vec.decoded.valid_data,
      fwBuildVersion: vec.decoded.fw_build_version,
      fwBuildVersionText: vec.decoded.fw_build_version_text,
      fwBuildDateTime: vec.decoded.fw_build_datetime,
      fwBootloaderVersion: vec.decoded.fw_bootloader_version,
      fwBootloaderVersionText: vec.decoded.fw_bootloader_version_text,
      hwPartNumber: vec.decoded.hw_part_number,
      hwVersion: vec.decoded.hw_version,
      hwModelName: vec.decoded.hw_model_name,
      maxPowerW: vec.decoded.max_power,
      pdlSupported: vec.decoded.pdl_supported_if_HMS_4CH,
    });
    expect(simple.hwPartNumber.toString(16).toUpperCase()).toBe(vec.decoded.hw_part_number_hex);
    // The serial of the vector is an HMS_2CH: no power distribution logic there.
    expect(summarizeDeviceInfo('HMS_2CH', all, simple).pdlSupported).toBe(false);
  });

  it('encodes the decoded values back to the same bytes', () => {
    expect(toHex(encodeDeviceInfoAll(unwrap(decodeDeviceInfoAll(allPayload))))).toBe(toHex(allPayload));
    expect(toHex(encodeDeviceInfoSimple(unwrap(decodeDeviceInfoSimple(simplePayload))))).toBe(
      toHex(simplePayload),
    );
  });

  for (const more of protocol.testVectors.devInfoSimpleMore) {
    it(`simple payload ${more.payloadWithoutCrc}`, () => {
      const payload = withCrc(hex(more.payloadWithoutCrc));
      const simple = unwrap(decodeDeviceInfoSimple(payload));
      const info = summarizeDeviceInfo(undefined, null, simple);
      expect(info.hwPartNumber).toBe(more.hw_part_number);
      expect(info.hwModelName).toBe(more.hw_model_name);
      expect(info.maxPowerW).toBe(more.max_power);
      expect(info.hwVersion).toBe(more.hw_version);
      expect(toHex(encodeDeviceInfoSimple(simple))).toBe(toHex(payload));
    });
  }
});

describe('formatting', () => {
  it('version text', () => {
    const table: [number, string][] = [
      [10012, '1.0.12'],
      [10112, '1.1.12'],
      [20004, '2.0.4'],
      [1, '0.0.1'],
      [2, '0.0.2'],
      [0, '0.0.0'],
      [65535, '6.55.35'],
    ];
    for (const [n, text] of table) expect(formatFirmwareVersion(n)).toBe(text);
  });

  it('build date-time in UTC, rolling over like timegm', () => {
    const at = (
      buildYear: number,
      buildMonth: number,
      buildDay: number,
      buildHour: number,
      buildMinute: number,
    ) => formatBuildDateTime({ buildYear, buildMonth, buildDay, buildHour, buildMinute });
    expect(at(2023, 3, 14, 9, 5)).toBe('2023-03-14 09:05:00');
    expect(at(2022, 4, 1, 7, 45)).toBe('2022-04-01 07:45:00');
    expect(at(2023, 2, 30, 0, 0)).toBe('2023-03-02 00:00:00');
    expect(at(2023, 12, 31, 23, 60)).toBe('2024-01-01 00:00:00');
    expect(at(0, 0, 0, 0, 0)).toBe('-0001-11-30 00:00:00');
    expect(at(99, 1, 1, 0, 0)).toBe('0099-01-01 00:00:00');
  });
});

describe('part numbers for a simulated model', () => {
  it('gives a simulator a part number for every table model that looks up to it', () => {
    for (const e of inverterTypes.devInfoTable.entries) {
      const part = hwPartNumberForModel(e.model, e.maxPowerW);
      expect(part, e.model).toBeDefined();
      expect(lookupModel(part!)).toEqual({ model: e.model, maxPowerW: e.maxPowerW });
    }
    expect(hwPartNumberForModel('HM-42-1T')).toBeUndefined();
  });
});

describe('validity', () => {
  const all: DeviceInfoAll = {
    fwBuildVersion: 10112,
    buildYear: 2017,
    buildMonth: 1,
    buildDay: 1,
    buildHour: 0,
    buildMinute: 0,
    bootloaderVersion: 1,
  };
  const simple: DeviceInfoSimple = {
    fwVersion: 10112,
    hwPartNumber: 0x10227101,
    hwVersionMajor: 1,
    hwVersionMinor: 0,
  };

  it('needs both answers, a build year after 2016 and a real part number', () => {
    expect(isDeviceInfoValid(all, simple)).toBe(true);
    expect(isDeviceInfoValid({ ...all, buildYear: 2016 }, simple)).toBe(false);
    expect(isDeviceInfoValid(all, { ...simple, hwPartNumber: 124097 })).toBe(false);
    expect(isDeviceInfoValid(all, null)).toBe(false);
    expect(isDeviceInfoValid(null, simple)).toBe(false);
  });

  it('reads as zeros before anything arrived', () => {
    const info = summarizeDeviceInfo('HMS_4CH', null, null);
    expect(info.received).toBe(false);
    expect(info.valid).toBe(false);
    expect(info.fwBuildVersion).toBe(0);
    expect(info.hwVersion).toBe('00.00');
    expect(info.maxPowerW).toBe(0);
    expect(info.pdlSupported).toBe(false);
    expect(summarizeDeviceInfo('HMS_4CH', null, simple).received).toBe(true);
  });

  it('power distribution logic from 1.1.12 on HMS_4CH only', () => {
    expect(summarizeDeviceInfo('HMS_4CH', { ...all, fwBuildVersion: 10111 }, simple).pdlSupported).toBe(
      false,
    );
    expect(summarizeDeviceInfo('HMS_4CH', { ...all, fwBuildVersion: 20004 }, simple).pdlSupported).toBe(true);
    expect(summarizeDeviceInfo('HMT_4CH', all, simple).pdlSupported).toBe(false);
  });
});

describe('device info round trips and malformed input', () => {
  it('encode → decode keeps every field', () => {
    fc.assert(
      fc.property(
        fc.record({
          fwBuildVersion: fc.integer({ min: 0, max: 65535 }),
          buildYear: fc.integer({ min: 0, max: 65535 }),
          buildMonth: fc.integer({ min: 0, max: 99 }),
          buildDay: fc.integer({ min: 0, max: 99 }),
          buildHour: fc.integer({ min: 0, max: 99 }),
          buildMinute: fc.integer({ min: 0, max: 99 }),
          bootloaderVersion: fc.integer({ min: 0, max: 65535 }),
        }),
        fc.record({
          fwVersion: fc.integer({ min: 0, max: 65535 }),
          hwPartNumber: fc.integer({ min: 0, max: 0xffffffff }),
          hwVersionMajor: fc.integer({ min: 0, max: 255 }),
          hwVersionMinor: fc.integer({ min: 0, max: 255 }),
        }),
        (all, simple) => {
          const a = encodeDeviceInfoAll(all);
          const s = encodeDeviceInfoSimple(simple);
          expect(a.length).toBe(16);
          expect(s.length).toBe(16);
          expect(unwrap(decodeDeviceInfoAll(a))).toEqual(all);
          expect(unwrap(decodeDeviceInfoSimple(s))).toEqual(simple);
        },
      ),
    );
  });

  const allPayload = joinFrames(vec.allFrames);
  const simplePayload = joinFrames(vec.simpleFrames);

  it('rejects a bad CRC16', () => {
    for (let i = 0; i < allPayload.length; i++) {
      const bad = allPayload.slice();
      bad[i]! ^= 0x01;
      const r = decodeDeviceInfoAll(bad);
      expect(r.ok ? 'ok' : r.error.code).toBe('bad-crc16');
      const badSimple = simplePayload.slice();
      badSimple[i]! ^= 0x80;
      const rs = decodeDeviceInfoSimple(badSimple);
      expect(rs.ok ? 'ok' : rs.error.code).toBe('bad-crc16');
    }
  });

  it('rejects truncated payloads whose CRC is fine', () => {
    for (let len = 0; len < 10; len++) {
      const r = decodeDeviceInfoAll(withCrc(allPayload.subarray(0, len)));
      expect(r.ok ? 'ok' : r.error.code, `all ${len}`).toBe('truncated-payload');
    }
    for (let len = 0; len < 8; len++) {
      const r = decodeDeviceInfoSimple(withCrc(simplePayload.subarray(0, len)));
      expect(r.ok ? 'ok' : r.error.code, `simple ${len}`).toBe('truncated-payload');
    }
    // The unknown trailing bytes are not needed.
    expect(decodeDeviceInfoAll(withCrc(allPayload.subarray(0, 10))).ok).toBe(true);
    expect(decodeDeviceInfoSimple(withCrc(simplePayload.subarray(0, 8))).ok).toBe(true);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.boolean(), (bytes, seal) => {
        const p = seal ? withCrc(bytes) : bytes;
        for (const r of [decodeDeviceInfoAll(p), decodeDeviceInfoSimple(p)]) {
          if (!r.ok) expect(['truncated-payload', 'bad-crc16']).toContain(r.error.code);
        }
      }),
    );
  });
});
