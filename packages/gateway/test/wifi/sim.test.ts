import { ManualClock } from '@dtu-console/clock';
import {
  AppInfoReplySchema,
  AppInfoRequestSchema,
  CommandReplySchema,
  CommandRequestSchema,
  create,
  ENCRYPTED_FLAG_BIT,
  HistPowerReplySchema,
  HistPowerRequestSchema,
  limitData,
  numberOfSerial,
  RealDataReplySchema,
  RealDataRequestSchema,
  serialOfNumber,
  WifiAction,
  WifiTag,
} from '@dtu-console/hoymiles-wifi';
import { afterEach, describe, expect, it } from 'vitest';
import { WifiConnection } from '../../src/wifi/client/connection';
import { wifiSimModel } from '../../src/wifi/sim/models';
import { WifiSimServer } from '../../src/wifi/sim/server';
import { VirtualWifiDevice } from '../../src/wifi/sim/virtual-device';

// Midday in June at the simulator's default place: the inverters produce.
const NOON = Date.UTC(2026, 5, 21, 11, 0, 0);
const servers: WifiSimServer[] = [];
const connections: WifiConnection[] = [];

async function start(model: string, options: { inverters?: number; encrypt?: boolean } = {}) {
  const spec = wifiSimModel(model);
  if (!spec) throw new Error(model);
  let now = NOON;
  const device = new VirtualWifiDevice({ model: spec, seed: 'sim-test', now: () => now, ...options });
  const server = new WifiSimServer({ device });
  servers.push(server);
  await server.listen();
  const clock = new ManualClock(NOW_MONO);
  let encRand: Uint8Array | null = null;
  const connection = new WifiConnection({
    host: '127.0.0.1',
    port: server.port,
    clock,
    encRand: () => encRand,
  });
  connections.push(connection);
  return {
    device,
    server,
    clock,
    connection,
    setKey: (key: Uint8Array | null) => {
      encRand = key;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}
const NOW_MONO = 1_000;

function appInfo(connection: WifiConnection) {
  return connection.request(
    WifiTag.AppInfo,
    AppInfoRequestSchema,
    create(AppInfoRequestSchema, { time: NOON / 1000 }),
    AppInfoReplySchema,
  );
}

function realData(connection: WifiConnection, cp: number) {
  return connection.request(
    WifiTag.RealData,
    RealDataRequestSchema,
    create(RealDataRequestSchema, { cp }),
    RealDataReplySchema,
  );
}

function command(
  connection: WifiConnection,
  tag: number,
  action: number,
  extra: Record<string, unknown> = {},
) {
  return connection.request(
    tag,
    CommandRequestSchema,
    create(CommandRequestSchema, { action, packageNub: 1, devKind: 1, tid: 7n, ...extra }),
    CommandReplySchema,
  );
}

afterEach(async () => {
  for (const c of connections.splice(0)) c.close(true);
  for (const s of servers.splice(0)) await s.close();
});

describe('virtual Wi-Fi device', () => {
  it('an HMS-800W-2T serves itself: device info and real data from the simulated plant', async () => {
    const { connection, device } = await start('HMS-800W-2T');
    const info = await appInfo(connection);
    expect(info.dtuSerialNumber).toBe(device.dtuSerial);
    expect(info.pvInfo.map((p) => serialOfNumber(p.pvSerialNumber))).toEqual(device.serials);
    expect(device.serials[0]).toMatch(/^1412\d{8}$/);
    expect(info.dtuInfo?.dfs).toBe(0n);

    const data = await realData(connection, 0);
    expect(data.ap).toBe(1);
    expect(data.sgsData).toHaveLength(1);
    expect(data.pvData).toHaveLength(2);
    const [ac] = data.sgsData;
    const truth = device.inverter(device.serials[0] ?? '')?.inspect(NOON);
    expect(ac?.linkStatus).toBe(1);
    expect(ac?.activePower ?? 0).toBeGreaterThan(0);
    expect(Math.abs((ac?.activePower ?? 0) / 10 - (truth?.acPowerW ?? 0))).toBeLessThan(0.1);
    expect((ac?.voltage ?? 0) / 10).toBeGreaterThan(200);
    expect(Number(data.dtuPower)).toBe(ac?.activePower);
  });

  it('a DTU-Pro with four inverters answers real data in two pages', async () => {
    const { connection, device } = await start('DTU-Pro', { inverters: 4 });
    const first = await realData(connection, 0);
    const second = await realData(connection, 1);
    expect(first.ap).toBe(2);
    expect([...first.sgsData, ...second.sgsData].map((g) => serialOfNumber(g.serialNumber))).toEqual(
      device.serials,
    );
    expect(second.pvData).toHaveLength(4);
  });

  it('carries out on, off, restart, a persistent limit and a DTU reboot', async () => {
    const { connection, device, advance } = await start('DTU-Lite', { inverters: 2 });
    const [a, b] = device.serials as [string, string];
    const off = await command(connection, WifiTag.CloudCommand, WifiAction.InverterOff, {
      miToSn: [numberOfSerial(a)],
    });
    expect(off.errCode).toBe(0);
    expect(device.inverter(a)?.inspect(NOON).on).toBe(false);
    expect(device.inverter(b)?.inspect(NOON).on).toBe(true);
    await command(connection, WifiTag.CloudCommand, WifiAction.InverterOn, { miToSn: [numberOfSerial(a)] });
    expect(device.inverter(a)?.inspect(NOON).on).toBe(true);

    const limit = await command(connection, WifiTag.Command, WifiAction.LimitPower, { data: limitData(30) });
    expect(limit.errCode).toBe(0);
    advance(120_000);
    // One persistent limit for every inverter behind the device.
    for (const serial of [a, b]) {
      const snapshot = device.inverter(serial)?.inspect(NOON + 120_000);
      expect(snapshot?.limit.persistent).toEqual({ value: 30, relative: true });
    }
    const bad = await command(connection, WifiTag.Command, WifiAction.LimitPower, { data: 'A:5000' });
    expect(bad.errCode).not.toBe(0);

    const restart = await command(connection, WifiTag.CloudCommand, WifiAction.InverterRestart, {
      miToSn: [numberOfSerial(b)],
    });
    expect(restart.errCode).toBe(0);
    expect(device.commands.map((c) => c.action)).toEqual([
      WifiAction.InverterOff,
      WifiAction.InverterOn,
      WifiAction.LimitPower,
      WifiAction.InverterRestart,
    ]);
    const boots = device.boots;
    await command(connection, WifiTag.CloudCommand, WifiAction.DtuReboot);
    expect(device.boots).toBe(boots + 1);
  });

  it('serves the day power curve', async () => {
    const { connection, advance } = await start('HMS-400W-1T');
    for (let i = 0; i < 3; i++) {
      await realData(connection, 0);
      advance(300_000);
    }
    const ask = (cp: number) =>
      connection.request(
        WifiTag.HistPower,
        HistPowerRequestSchema,
        create(HistPowerRequestSchema, { cp }),
        HistPowerReplySchema,
      );
    const first = await ask(0);
    expect(first.stepTime).toBe(300);
    // The record begins when the device began recording (11:00), not at midnight: no morning of zeros.
    expect(first.absoluteStart).toBe(NOON / 1000);
    expect(first.startTime).toBe(first.absoluteStart);
    expect(first.ap).toBe(1);
    // Recorded at 11:00, 11:05, 11:10 and 11:15 (this question).
    expect(first.powerArray.map((p) => p > 0)).toEqual([true, true, true, true]);
  });

  it('encrypts: device info in clear with its key, everything else sealed', async () => {
    const { connection, device, setKey } = await start('HMS-800W-2T', { encrypt: true });
    const info = await appInfo(connection);
    expect(((info.dtuInfo?.dfs ?? 0n) >> BigInt(ENCRYPTED_FLAG_BIT)) & 1n).toBe(1n);
    expect(info.dtuInfo?.encRand).toHaveLength(16);
    setKey(info.dtuInfo?.encRand ?? null);
    const data = await realData(connection, 0);
    expect(data.sgsData).toHaveLength(1);
    // A DTU reboot draws a new key: the old one no longer opens anything.
    await command(connection, WifiTag.CloudCommand, WifiAction.DtuReboot);
    expect(Buffer.from(device.encRand() ?? [])).not.toEqual(Buffer.from(info.dtuInfo?.encRand ?? []));
    await expect(realData(connection, 0)).rejects.toMatchObject({ kind: expect.any(String) });
  });

  it.each([
    ['badCrc', 'bad-crc'],
    ['garbage', 'bad-magic'],
    ['unknownTag', 'unknown-tag'],
    ['badProtobuf', 'decode'],
  ] as const)('misbehaves on request: %s', async (fault, kind) => {
    const { connection, server } = await start('HMS-800W-2T');
    server.misbehaviour = { [fault]: true };
    await expect(realData(connection, 0)).rejects.toMatchObject({ kind });
    server.misbehaviour = {};
    expect((await realData(connection, 0)).sgsData).toHaveLength(1);
  });

  it('answers with a length past its frame: the gateway waits, then gives up', async () => {
    const { connection, server, clock } = await start('HMS-800W-2T');
    server.misbehaviour = { wrongLength: true };
    const failed = expect(realData(connection, 0)).rejects.toMatchObject({ kind: 'timeout' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await clock.advance(10_000);
    await failed;
  });

  it('drops connections and stays silent on request', async () => {
    const { connection, server, clock } = await start('HMS-800W-2T');
    server.misbehaviour = { dropAfter: 1 };
    await expect(realData(connection, 0)).rejects.toMatchObject({ kind: 'closed' });
    server.misbehaviour = { mute: true };
    const silent = realData(connection, 0);
    const failed = expect(silent).rejects.toMatchObject({ kind: 'timeout' });
    // Let the request reach the device, then let the gateway's clock run past the timeout.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await clock.advance(10_000);
    await failed;
  });
});
