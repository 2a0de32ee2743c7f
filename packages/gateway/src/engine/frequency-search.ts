/**
 * HMS/HMT frequency recovery (docs/protocol.md, Frequency recovery). An HMS/HMT that another DTU moved,
 * or that a reset or a power cut left elsewhere, stays silent on the DTU frequency; the channel change the
 * engine sends on the start-up frequency every silent turn cannot reach it. After `SILENT_TURNS` silent
 * turns in daylight it is searched for: a run-data request on each frequency of the country's legal band
 * (where it was found last first, then the start-up frequency, then outward from the DTU frequency) until
 * one answers; there the channel change moves it back to the DTU frequency. One search at a time, a few
 * steps per turn of that inverter (the others are polled in between), bounded by `SEARCH_LIMIT_MS`, and
 * repeated with back-off when it finds nothing.
 */
import type { Clock } from '@dtu-console/clock';
import { backoffDelay, DtuLimits } from '@dtu-console/contract';
import {
  buildChannelChange,
  buildDataRequest,
  cmtChannelOfFrequency,
  cmtCountry,
  DataType,
  parseFrame,
} from '@dtu-console/hoymiles';
import type { Radio } from '@dtu-console/radio/radio';
import type { CommandQueue } from './command-queue';
import type { InverterState } from './inverter';
import type { FrequencyStatus } from './live-types';
import type { EngineLog } from './requests';
import type { EngineDtuSettings } from './settings';
import { AnswerWindowMs, transmitBounded } from './transaction';

/** Silent turns in daylight before a search starts. */
export const SILENT_TURNS = 6;
/** Frequencies tried in one turn of the searched inverter. */
export const STEPS_PER_TURN = 4;
/** A search that has not found the inverter after this long ends as not found. */
export const SEARCH_LIMIT_MS = 10 * 60_000;
/** Waits before the next search after one found nothing: 15 min, doubling, up to 2 h. */
export const SEARCH_BACKOFF = { base: 15 * 60_000, max: 120 * 60_000 } as const;

export type { FrequencyState, FrequencyStatus } from './live-types';

/** Where each inverter was found last, kept across restarts (`frequency-memory.ts`). */
export interface FrequencyMemory {
  get(serial: string): number | undefined;
  set(serial: string, frequencyHz: number): void;
}

export interface FrequencySearchOptions {
  clock: Clock;
  radio: Radio;
  queue: CommandQueue;
  log: EngineLog;
  dtu(): EngineDtuSettings;
  dtuSerial(): string;
  isCurrent(inv: InverterState): boolean;
  /** The inverter's status changed (the live model shows it). */
  changed(inv: InverterState): void;
  memory?: FrequencyMemory;
}

interface Search {
  inv: InverterState;
  startedAt: number;
  candidates: number[];
}

interface Track {
  silentTurns: number;
  failures: number;
  status: FrequencyStatus;
}

/** Every channel of the country's legal band: where the search goes, in the order it goes there. */
export function searchOrder(dtu: EngineDtuSettings, remembered: number | undefined): number[] {
  const country = cmtCountry(dtu.cmtCountry);
  if (!country) return [];
  const band: number[] = [];
  const width = DtuLimits.cmtChannelWidthHz;
  const first = Math.ceil(country.freqLegalMinHz / width) * width;
  for (let hz = first; hz <= country.freqLegalMaxHz; hz += width) {
    if (cmtChannelOfFrequency(country.id, hz).ok) band.push(hz);
  }
  const outward = band
    .filter((hz) => hz !== dtu.cmtFrequencyHz)
    .sort((a, b) => Math.abs(a - dtu.cmtFrequencyHz) - Math.abs(b - dtu.cmtFrequencyHz) || a - b);
  const first2 = [remembered, country.startupFrequencyHz].filter(
    (hz): hz is number => hz !== undefined && hz !== dtu.cmtFrequencyHz && band.includes(hz),
  );
  return [...new Set([...first2, ...outward])];
}

export class FrequencySearch {
  readonly #o: FrequencySearchOptions;
  readonly #tracks = new Map<number, Track>();
  #active: Search | undefined;

  constructor(options: FrequencySearchOptions) {
    this.#o = options;
  }

  status(inv: InverterState): FrequencyStatus {
    return this.#track(inv).status;
  }

  /** The inverter left the configuration: a search for it ends. */
  forget(inv: InverterState): void {
    this.#tracks.delete(inv.serialNumber);
    if (this.#active?.inv === inv) this.#active = undefined;
  }

  /** One turn of a CMT inverter: counts silence in daylight, starts or continues its search. */
  turn(inv: InverterState, isDay: boolean): void {
    const track = this.#track(inv);
    if (inv.reachable) {
      track.silentTurns = 0;
      track.failures = 0;
      if (track.status.state === 'searching' || track.status.state === 'not-found') {
        this.#set(inv, { ...track.status, state: 'on-frequency', triedHz: null, nextSearchAt: null });
      }
      if (this.#active?.inv === inv) this.#active = undefined;
      return;
    }
    if (!isDay || !inv.pollingEnabled) return;
    track.silentTurns++;
    if (this.#active === undefined) {
      const now = this.#o.clock.now();
      const due = track.status.nextSearchAt === null || now >= track.status.nextSearchAt;
      if (track.silentTurns < SILENT_TURNS || !due) return;
      const dtu = this.#o.dtu();
      this.#active = { inv, startedAt: now, candidates: searchOrder(dtu, this.#o.memory?.get(inv.serial)) };
      this.#o.log.info(
        { serial: inv.serial },
        'HMS/HMT silent on the DTU frequency: searching the band for it',
      );
      this.#set(inv, { ...track.status, state: 'searching', triedHz: null, nextSearchAt: null });
    }
    if (this.#active.inv === inv) this.#steps(this.#active);
  }

  #track(inv: InverterState): Track {
    let track = this.#tracks.get(inv.serialNumber);
    if (!track) {
      const remembered = this.#o.memory?.get(inv.serial);
      track = {
        silentTurns: 0,
        failures: 0,
        status: { state: 'on-frequency', foundHz: remembered ?? null, triedHz: null, nextSearchAt: null },
      };
      this.#tracks.set(inv.serialNumber, track);
    }
    return track;
  }

  #set(inv: InverterState, status: FrequencyStatus): void {
    this.#track(inv).status = status;
    this.#o.changed(inv);
  }

  /** Queues this turn's steps of the search on the CMT queue, behind the polls already waiting. */
  #steps(search: Search): void {
    const { inv } = search;
    this.#o.queue.enqueue({
      key: `${inv.serialNumber}:frequency-search`,
      serial: inv.serialNumber,
      kind: 'frequency-search',
      priority: 'poll',
      run: async (signal) => {
        for (let step = 0; step < STEPS_PER_TURN; step++) {
          if (signal.aborted || this.#active !== search || !this.#o.isCurrent(inv)) return;
          const hz = search.candidates.shift();
          const expired = this.#o.clock.now() - search.startedAt >= SEARCH_LIMIT_MS;
          if (hz === undefined || expired) {
            this.#notFound(search);
            return;
          }
          this.#set(inv, { ...this.status(inv), triedHz: hz });
          if (await this.#answersOn(inv, hz)) {
            await this.#moveBack(inv, hz);
            return;
          }
        }
      },
    });
  }

  /** Asks for run data on `hz`: any frame from this inverter means it listens there. */
  async #answersOn(inv: InverterState, hz: number): Promise<boolean> {
    const { clock, radio } = this.#o;
    const frame = buildDataRequest({
      inverter: inv.serial,
      dtu: this.#o.dtuSerial(),
      dataType: DataType.RunData,
      time: clock.now() / 1000,
    });
    const frames = await transmitBounded(
      { radio, clock },
      { radio: 'CMT', frame, frequencyHz: hz, windowMs: AnswerWindowMs.runData },
    );
    return frames.some((received) => {
      const parsed = parseFrame(received, { inverter: inv.serial });
      return parsed.ok && parsed.value.isResponse;
    });
  }

  /** Found on `hz`: the channel change there moves it back to the DTU frequency. */
  async #moveBack(inv: InverterState, hz: number): Promise<void> {
    const { clock, radio } = this.#o;
    const dtu = this.#o.dtu();
    this.#active = undefined;
    this.#o.memory?.set(inv.serial, hz);
    const track = this.#track(inv);
    track.silentTurns = 0;
    track.failures = 0;
    this.#o.log.info(
      { serial: inv.serial, frequencyHz: hz },
      'HMS/HMT found off the DTU frequency: moving it back',
    );
    this.#set(inv, { state: 'found', foundHz: hz, triedHz: null, nextSearchAt: null });
    const frame = buildChannelChange({
      inverter: inv.serial,
      dtu: this.#o.dtuSerial(),
      country: dtu.cmtCountry,
      frequencyHz: dtu.cmtFrequencyHz,
    });
    await transmitBounded(
      { radio, clock },
      { radio: 'CMT', frame, frequencyHz: hz, windowMs: AnswerWindowMs.channelChange },
    );
  }

  #notFound(search: Search): void {
    const { inv } = search;
    this.#active = undefined;
    const track = this.#track(inv);
    const backoff = backoffDelay(track.failures, SEARCH_BACKOFF);
    track.failures++;
    track.silentTurns = 0;
    const nextSearchAt = this.#o.clock.now() + backoff;
    this.#o.log.warn(
      { serial: inv.serial },
      `HMS/HMT not found anywhere in the band; next search in ${Math.round(backoff / 60_000)} min`,
    );
    this.#set(inv, { ...track.status, state: 'not-found', triedHz: null, nextSearchAt });
  }
}
