/**
 * A minimal DTU for driving the simulated radio in tests: builds requests with packages/hoymiles, collects
 * the answer with the FragmentAssembler (resends and re-requests as docs/protocol.md says) and decodes it.
 * It never advances the clock itself; the tests move time explicitly.
 */

import { ManualClock } from '@dtu-console/clock';
import {
  buildChannelChange,
  buildDataRequest,
  buildLimitRequest,
  buildReRequest,
  cmtCountry,
  DataType,
  decodeRunData,
  FAMILIES,
  FragmentAssembler,
  familyOfSerial,
  type LimitType,
  type RunData,
} from '@dtu-console/hoymiles';
import type { RadioSettings } from '../../src/radio';
import {
  SeededRandom,
  type SimulatedFaults,
  SimulatedRadio,
  type SimulatedRadioOptions,
} from '../../src/simulated';

export const DTU_SERIAL = '199980112345';

/** A limit request from the test DTU to `serial`, in the encoding of the inverter's family. */
export const limitRequest = (serial: string, limitType: LimitType, limit: number) =>
  buildLimitRequest({
    inverter: serial,
    dtu: DTU_SERIAL,
    limitType,
    limit,
    encoding: FAMILIES[familyOfSerial(serial)!].limitEncoding,
  });
export const LOCATION = { latitude: 51.1657, longitude: 10.4515 };
/** 21 June 2024, 00:00 UTC (02:00 CEST): summer night at the default location. */
export const MIDSUMMER = Date.UTC(2024, 5, 21);
export const WORKING_HZ = 865_000_000;
export const STARTUP_HZ = cmtCountry('EU')!.startupFrequencyHz;

export const SERIALS = {
  HM_1CH: '112182216549',
  HM_2CH: '114172220003',
  HM_4CH: '116171603546',
  HMS_1CH: '112483748174',
  HMS_1CHv2: '140083748175',
  HMS_2CH: '114A83010203',
  HMS_4CH: '116683554321',
  HMT_4CH: '136183000001',
  HMT_6CH: '138283998877',
  HERF_1CH: '284122399EF8',
  HERF_2CH: '2821349F7444',
  HERF_4CH: '280116C234AE',
} as const;

export const SETTINGS: RadioSettings = {
  dtuSerial: DTU_SERIAL,
  nrfEnabled: true,
  nrfPaLevel: 3,
  cmtEnabled: true,
  cmtPaLevel: 20,
  cmtFrequencyHz: WORKING_HZ,
  cmtCountry: 0,
};

export interface Setup {
  clock: ManualClock;
  radio: SimulatedRadio;
  dtu: TestDtu;
}

export function setup(
  options: {
    start?: number;
    seed?: number | string;
    faults?: SimulatedFaults;
    /** Default 0 (clear sky, so curves are predictable); 'variable' for the day-to-day weather. */
    cloudiness?: number | 'variable';
    serials?: string[];
    settings?: Partial<RadioSettings>;
    /**
     * The inverters are the plant the gateway starts with (already on its frequency when awake). Default
     * false: they join a running gateway, on their start-up frequency.
     */
    atStart?: boolean;
  } & Partial<Pick<SimulatedRadioOptions, 'channelChangeDelayMs'>> = {},
): Setup {
  const clock = new ManualClock(options.start ?? MIDSUMMER);
  const radio = new SimulatedRadio({
    clock,
    random: new SeededRandom(options.seed ?? 42),
    location: () => LOCATION,
    faults: options.faults ?? { weakSignal: false },
    ...(options.cloudiness === 'variable' ? {} : { cloudiness: options.cloudiness ?? 0 }),
    ...(options.channelChangeDelayMs === undefined
      ? {}
      : { channelChangeDelayMs: options.channelChangeDelayMs }),
  });
  radio.configure({ ...SETTINGS, ...options.settings });
  radio.start();
  if (!options.atStart) radio.setInverters([]);
  radio.setInverters((options.serials ?? [SERIALS.HM_2CH]).map((serial) => ({ serial })));
  return { clock, radio, dtu: new TestDtu(radio, clock) };
}

export interface Exchange {
  payload: Uint8Array | undefined;
  /** Whole-request transmissions (1 + resends). */
  sends: number;
  reRequests: number;
}

export class TestDtu {
  constructor(
    readonly radio: SimulatedRadio,
    readonly clock: ManualClock,
    readonly dtuSerial = DTU_SERIAL,
  ) {}

  radioOf(serial: string) {
    const family = familyOfSerial(serial);
    if (!family) throw new Error(`no family for ${serial}`);
    return FAMILIES[family].radio;
  }

  /** One command with resends and re-requests; the payload when it completed. */
  async exchange(
    serial: string,
    frame: Uint8Array,
    options: { command?: number; windowMs?: number; frequencyHz?: number; maxResends?: number } = {},
  ): Promise<Exchange> {
    const radio = this.radioOf(serial);
    const assembler = new FragmentAssembler({
      inverter: serial,
      dtu: this.dtuSerial,
      command: options.command ?? 0x95,
      ...(options.maxResends === undefined ? {} : { maxResends: options.maxResends }),
    });
    const freq = options.frequencyHz === undefined ? {} : { frequencyHz: options.frequencyHz };
    let next = frame;
    let windowMs = options.windowMs ?? 500;
    let sends = 0;
    for (;;) {
      if (next === frame) sends++;
      const frames = await this.radio.transmit({ radio, frame: next, windowMs, ...freq });
      for (const f of frames) assembler.accept(f);
      const decision = assembler.endWindow();
      if (decision.action === 'complete') {
        return { payload: decision.payload, sends, reRequests: assembler.reRequests };
      }
      if (decision.action === 'fail') return { payload: undefined, sends, reRequests: assembler.reRequests };
      if (decision.action === 'resend') {
        next = frame;
        windowMs = options.windowMs ?? 500;
      } else {
        next = buildReRequest({ inverter: serial, dtu: this.dtuSerial, fragment: decision.fragment });
        windowMs = 100;
      }
    }
  }

  dataRequest(serial: string, dataType: number): Uint8Array {
    return buildDataRequest({
      inverter: serial,
      dtu: this.dtuSerial,
      // Tests also send data types no inverter knows.
      dataType: dataType as DataType,
      time: Math.floor(this.clock.now() / 1000),
    });
  }

  async data(
    serial: string,
    dataType: number,
    options: { frequencyHz?: number; maxResends?: number; windowMs?: number } = {},
  ): Promise<Uint8Array | undefined> {
    const windowMs = options.windowMs ?? (dataType === DataType.EventLog ? 750 : 500);
    return (await this.exchange(serial, this.dataRequest(serial, dataType), { ...options, windowMs }))
      .payload;
  }

  async runData(serial: string, options: { frequencyHz?: number; maxResends?: number } = {}) {
    const payload = await this.data(serial, DataType.RunData, options);
    if (!payload) return undefined;
    const decoded = decodeRunData(familyOfSerial(serial)!, payload);
    if (!decoded.ok) throw new Error(`run data of ${serial}: ${decoded.error.message}`);
    return decoded.value;
  }

  /** A device-control command; true when a complete 0xD1 answer came back. */
  async control(serial: string, frame: Uint8Array): Promise<boolean> {
    const result = await this.exchange(serial, frame, { command: 0xd1, windowMs: 2000 });
    return result.payload !== undefined;
  }

  /** What the engine does for an unreachable HMS/HMT: a channel change on the start-up frequency. */
  async channelChange(serial: string, frequencyHz = WORKING_HZ): Promise<void> {
    const frame = buildChannelChange({ inverter: serial, dtu: this.dtuSerial, country: 'EU', frequencyHz });
    await this.radio.transmit({ radio: 'CMT', frame, frequencyHz: STARTUP_HZ, windowMs: 10 });
  }

  /** Run data like the engine gets it: if there is no answer on a CMT inverter, move it and retry later. */
  async poll(serial: string): Promise<RunData | undefined> {
    const data = await this.runData(serial);
    if (!data && this.radioOf(serial) === 'CMT') await this.channelChange(serial);
    return data;
  }
}

export function totalDcPower(data: RunData): number {
  return data.dc.reduce((sum, d) => sum + d.power, 0);
}

export function totalYieldDay(data: RunData): number {
  return data.dc.reduce((sum, d) => sum + d.yieldDay, 0);
}

export function totalYieldTotal(data: RunData): number {
  return data.dc.reduce((sum, d) => sum + d.yieldTotal, 0);
}
