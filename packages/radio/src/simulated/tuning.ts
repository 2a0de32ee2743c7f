/**
 * Where an HMS/HMT listens: its region's start-up frequency after it starts, the DTU's working frequency
 * once a channel change told it so (after a short delay), and back to the start-up frequency when it has
 * not heard the DTU for a while.
 */
import { cmtCountry, cmtFrequencyOfChannel } from '@dtu-console/hoymiles';

/** HMS/HMT go back to their start-up frequency after this long without hearing the DTU. */
export const FREQUENCY_FALLBACK_MS = 15 * 60_000;
/** How long an HMS/HMT needs to move to the channel it was told. */
export const DEFAULT_CHANNEL_CHANGE_DELAY_MS = 1000;

export interface TuningEnvironment {
  /** CMT country id (0 EU, 1 NA, 2 BR). */
  country(): number;
  channelChangeDelayMs(): number;
}

export class FrequencyTuning {
  readonly #env: TuningEnvironment;
  #listenHz = 0;
  #pending: { hz: number; at: number } | null = null;
  #countryId = -1;
  /** Another DTU keeps it on its frequency: no fallback to the start-up frequency. */
  #held = false;

  constructor(env: TuningEnvironment) {
    this.#env = env;
  }

  /** Where it listens, as of the last `update`. */
  get listenHz(): number {
    return this.#listenHz;
  }

  /** A start: on the start-up frequency of the configured region. */
  restart(): void {
    this.#listenHz = this.startupHz();
    this.#countryId = this.#env.country();
    this.#pending = null;
    this.#held = false;
  }

  /** Listens on `frequencyHz` at once, as if it had been told so. */
  assume(frequencyHz: number): void {
    this.#listenHz = frequencyHz;
    this.#pending = null;
    this.#held = false;
  }

  /** Another DTU moved it to `frequencyHz` and keeps talking to it there: it stays until told otherwise. */
  hold(frequencyHz: number): void {
    this.#listenHz = frequencyHz;
    this.#pending = null;
    this.#held = true;
  }

  /** Follows the time: a pending move completes, a long silence sends it back to the start-up frequency. */
  update(now: number, lastContact: number | null): void {
    if (this.#countryId !== this.#env.country()) {
      // Another region was configured: the plant is now made of that region's inverters.
      this.#countryId = this.#env.country();
      this.#listenHz = this.startupHz();
      this.#pending = null;
    }
    if (this.#pending && now >= this.#pending.at) {
      this.#listenHz = this.#pending.hz;
      this.#pending = null;
    }
    const startup = this.startupHz();
    const silent = lastContact === null || now - lastContact >= FREQUENCY_FALLBACK_MS;
    if (this.#listenHz !== startup && silent && !this.#held) {
      this.#listenHz = startup;
      this.#pending = null;
    }
  }

  /** A channel change for one of `countries`: it moves there after the delay. */
  channelChange(countries: readonly string[], channel: number, now: number): void {
    const country = cmtCountry(this.#env.country());
    if (!country || !countries.includes(country.key)) return;
    const target = cmtFrequencyOfChannel(country.id, channel);
    if (!target.ok) return;
    this.#held = false;
    this.#pending =
      target.value === this.#listenHz
        ? null
        : { hz: target.value, at: now + this.#env.channelChangeDelayMs() };
  }

  startupHz(): number {
    return cmtCountry(this.#env.country())?.startupFrequencyHz ?? 0;
  }

  snapshot(): { listenHz: number; pendingHz: number | null; startupHz: number } {
    return { listenHz: this.#listenHz, pendingHz: this.#pending?.hz ?? null, startupHz: this.startupHz() };
  }
}
