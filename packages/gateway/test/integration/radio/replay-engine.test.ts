/**
 * Captures written from the protocol documentation, replayed through the engine into the live model: the
 * decoded values are the documented ones, the captured gap makes the engine re-request the fragment, and
 * the gateway says plainly that it replays a file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { FAMILIES, familyOfSerial } from '@dtu-console/hoymiles';
import { ReplayRadio } from '@dtu-console/radio/replay/replay-radio';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ahoyRx,
  opendtuCmt,
  opendtuNrf,
  type RuntimeVector,
  reRequestVector,
  runtimeVector,
  withBadCrc8,
} from '../../../../radio/test/helpers/radio-captures';
import { EventBus } from '../../../src/bus';
import { InverterEngine } from '../../../src/engine/engine';
import { LiveModel } from '../../../src/engine/live-model';
import { engineSettings, inverterSettings } from '../../../src/engine/settings';
import { parseOptions } from '../../../src/options';
import { inverterDetailJson } from '../../../src/output/live-json';
import { testGateway } from '../../helpers/gateway';
import { recordTransmits } from '../../helpers/transmits';

/** 21 June 2026 12:00 CEST. */
const NOON = Date.UTC(2026, 5, 21, 10, 0, 0);
const LOCATION = { latitude: 51.1657, longitude: 10.4515 };
const HM800 = runtimeVector('HM_2CH');
const HMS800 = runtimeVector('HMS_2CH');
const HM400 = runtimeVector('HM_1CH');

/** An OpenDTU log: the HM-800 answers without fragment 2 and sends it on the re-request; the HMS-800 on CMT. */
function openDtuLog(): string {
  const [f1, f2, f3] = HM800.responseFrames;
  return [
    '00:00:01.001 > Fetch inverter: 114182345678',
    `00:00:01.003 > ${opendtuNrf.tx('RealTimeRunData', 61, HM800.request.frame)}`,
    '00:00:01.020 > Interrupt received',
    `00:00:01.021 > ${opendtuNrf.rx(3, f1!)}`,
    `00:00:01.030 > ${opendtuNrf.rx(3, f3!)}`,
    `00:00:01.520 > ${opendtuNrf.tx('RequestFrame', 75, reRequestVector(2))}`,
    `00:00:01.540 > ${opendtuNrf.rx(40, f2!, -30)}`,
    '00:00:01.541 > Success',
    '00:00:06.001 > Fetch inverter: 114483010203',
    `00:00:06.003 > ${opendtuCmt.tx('RealTimeRunData', 865, HMS800.request.frame)}`,
    ...HMS800.responseFrames.map((frame) => `00:00:06.040 > ${opendtuCmt.rx(865, frame, -64)}`),
    '00:00:06.100 > Success',
  ].join('\n');
}

function ahoyLog(): string {
  return ['Poll 112182216549', ...HM400.responseFrames.map((frame) => ahoyRx(75, frame))].join('\n');
}

function replayStack(text: string) {
  const clock = new ManualClock(NOON);
  const radio = new ReplayRadio({ file: '/captures/issue.log', read: async () => text });
  const sent = recordTransmits(radio);
  const live = new LiveModel({ bus: new EventBus(), now: () => clock.now() });
  const vectors = [HM800, HMS800, HM400];
  const settings = engineSettings({
    dtu: { pollIntervalS: 5 },
    location: { ...LOCATION, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
    inverters: vectors.map((vector, id) =>
      inverterSettings({
        id,
        order: id,
        serial: vector.inverterSerial,
        name: vector.family,
        channels: Array.from(
          { length: FAMILIES[familyOfSerial(vector.inverterSerial)!].dcInputs },
          (_, i) => ({
            name: '',
            max_power: vector.stringMaxPowerW[i] ?? 0,
            yield_total_offset: 0,
          }),
        ),
      }),
    ),
  });
  const engine = new InverterEngine({ clock, radio, live, settings });
  return { clock, radio, live, engine, sent };
}

/** The live model's values through the API's JSON, against the documented decoded values. */
function expectDocumentedValues(live: LiveModel, vector: RuntimeVector): void {
  const inv = live.inverter(vector.inverterSerial);
  expect(inv?.hasData, vector.family).toBe(true);
  const json = inverterDetailJson(live, inv!) as unknown as Record<
    string,
    Record<string, Record<string, { v: number }>>
  >;
  let checked = 0;
  for (const value of vector.decoded) {
    const field = json[value.channelType]?.[String(value.channel)]?.[value.name];
    // INV totals the documentation computes are checked where the API carries them.
    if (field === undefined && value.channelType === 'INV') continue;
    // Live data lists Irradiation only for an input with a configured max power.
    if (value.name === 'Irradiation' && !vector.stringMaxPowerW[value.channel]) {
      expect(field).toBeUndefined();
      continue;
    }
    expect(field, `${vector.family} ${value.channelType}${value.channel} ${value.name}`).toBeDefined();
    expect(field!.v, `${vector.family} ${value.channelType}${value.channel} ${value.name}`).toBeCloseTo(
      value.value,
      3,
    );
    checked++;
  }
  expect(checked).toBeGreaterThan(10);
}

describe('--radio replay through the engine', () => {
  it('gives the documented values of an OpenDTU log (nRF24 and CMT2300A) and an AhoyDTU log', async () => {
    const s = replayStack(`${openDtuLog()}\n${ahoyLog()}`);
    const started = s.engine.start();
    await s.clock.advance(30_000);
    await started;
    for (const vector of [HM800, HMS800, HM400]) expectDocumentedValues(s.live, vector);
    // The captured gap is replayed: the engine asks for fragment 2 of the HM-800, as OpenDTU did.
    const reRequests = s.sent.filter((r) => r.frame[0] === 0x15 && r.frame[9] === 0x82);
    expect(reRequests.length).toBeGreaterThan(0);
    expect(reRequests[0]!.frame.subarray(1, 5)).toEqual(Uint8Array.of(0x82, 0x34, 0x56, 0x78));
    // The captured signal strength reaches the inverter's radio statistics.
    expect(s.live.inverter(HMS800.inverterSerial)!.radioStats.rssi).toBe(-64);
    expect(s.radio.status()).toMatchObject({
      mode: 'replay',
      simulated: false,
      nrf: { configured: true, connected: true, pvariant: true },
      cmt: { configured: true, connected: true },
      replay: {
        file: 'issue.log',
        exchanges: 4,
        inverters: ['82345678', '83010203', '82216549'],
        problems: [],
      },
    });
    await s.engine.stop();
  });

  it('stays silent for an inverter the capture does not hold, and for a frame that fails its CRC8', async () => {
    const [f1, f2, f3] = HM800.responseFrames;
    const text = [
      opendtuNrf.tx('RealTimeRunData', 61, HM800.request.frame),
      opendtuNrf.rx(3, f1!),
      opendtuNrf.rx(3, withBadCrc8(f2!)),
      opendtuNrf.rx(3, f3!),
    ].join('\n');
    const s = replayStack(text);
    const started = s.engine.start();
    await s.clock.advance(30_000);
    await started;
    // Fragment 2 failed its check: the engine asks for it and gets nothing (the capture holds no re-request).
    expect(s.live.inverter(HM800.inverterSerial)!.hasData).toBe(false);
    expect(s.sent.some((r) => r.frame[9] === 0x82)).toBe(true);
    expect(s.live.inverter(HMS800.inverterSerial)!.hasData).toBe(false);
    expect(s.radio.status()).toMatchObject({
      nrf: { configured: true, connected: true },
      cmt: { configured: false, connected: false },
      replay: { problems: [expect.stringMatching(/^capture line 3: CRC8 does not match/)] },
    });
    await s.engine.stop();
  });
});

describe('--radio replay in the gateway', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('needs --replay-file (or REPLAY_FILE), and the file only with replay', () => {
    expect(parseOptions(['--radio', 'replay', '--replay-file', '/tmp/x.log'], {})).toMatchObject({
      radio: 'replay',
      replayFile: '/tmp/x.log',
    });
    expect(parseOptions([], { RADIO: 'replay', REPLAY_FILE: '/tmp/y.log' }).replayFile).toBe('/tmp/y.log');
    expect(() => parseOptions(['--radio', 'replay'], {})).toThrow(/--radio replay needs --replay-file/);
    expect(() => parseOptions(['--replay-file', '/tmp/x.log'], {})).toThrow(/needs --radio replay/);
  });

  it('says replay in /api/system/status, with the file, its inverters and each bad line', async () => {
    const clock = new ManualClock(NOON);
    const [f1, f2, f3] = HM800.responseFrames;
    const dir = await mkdtemp(join(tmpdir(), 'dtu-capture-'));
    const file = join(dir, 'opendtu.log');
    await writeFile(
      file,
      [
        opendtuNrf.tx('RealTimeRunData', 61, HM800.request.frame),
        opendtuNrf.rx(3, f1!),
        opendtuNrf.rx(3, withBadCrc8(f2!)),
        opendtuNrf.rx(3, f3!),
      ].join('\n'),
    );
    const replay = await testGateway({ radio: 'replay', replayFile: file }, { clock, seed: 7 });
    cleanup = async () => {
      await replay.cleanup();
      await rm(dir, { recursive: true, force: true });
    };
    const started = replay.gateway.ctx.plant.start();
    await clock.advance(10_000);
    await started;
    const body = (await replay.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body).toMatchObject({
      radio_mode: 'replay',
      radio_simulated: false,
      nrf_configured: true,
      nrf_connected: true,
      cmt_configured: false,
      radio_replay: {
        file: 'opendtu.log',
        exchanges: 1,
        inverters: ['82345678'],
        problems: [expect.stringMatching(/^capture line 3: CRC8 does not match/)],
      },
      radio_problems: [expect.stringMatching(/^Replay of opendtu\.log: capture line 3: CRC8/)],
    });
  });

  it('says plainly when the capture file cannot be read', async () => {
    const clock = new ManualClock(NOON);
    const env = await testGateway(
      { radio: 'replay', replayFile: '/nonexistent/capture.log' },
      { clock, seed: 7 },
    );
    cleanup = env.cleanup;
    const started = env.gateway.ctx.plant.start();
    await clock.advance(1000);
    await started;
    const body = (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
    expect(body.radio_mode).toBe('replay');
    expect(body.nrf_connected).toBe(false);
    expect(body.radio_problems).toEqual([
      expect.stringMatching(/^nRF24: cannot read the capture file \/nonexistent\/capture\.log: ENOENT/),
      expect.stringMatching(/^CMT2300A: cannot read the capture file \/nonexistent\/capture\.log: ENOENT/),
    ]);
    expect(body.radio_replay).toEqual({ file: 'capture.log', exchanges: 0, inverters: [], problems: [] });
  });
});
