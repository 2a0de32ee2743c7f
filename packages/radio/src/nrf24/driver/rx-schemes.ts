/**
 * The two ways the nRF24 receiver can look for an answer, and the rule that picks one (docs/radio-nrf24.md):
 * - `dwell`: start two channels after the send channel, stay there 10 ms, then 5 ms per channel, and stay
 *   wherever fragments keep coming;
 * - `blind-hop`: move to the next channel every 4 ms over all five, whatever arrives (the scheme of the
 *   other open-source DTUs), starting one channel after the send channel.
 * In `auto` the driver listens with the better one: the dwell scheme by default, every tenth listen with the
 * other scheme as a probe, and the blind hop when the dwell scheme's answer rate falls below the blind
 * hop's, or below half while the blind hop is not known to do worse (unknown: not yet probed enough; the
 * blind hop hearing no more than the dwell scheme, as at night, brings the dwell scheme back). Only listens
 * after an acknowledged send count towards a rate (the inverter heard the request, so an answer was due),
 * and a listen counts as answered only when the whole answer came (`answerComplete`).
 */

export type RxScheme = 'dwell' | 'blind-hop';
export type RxSchemeChoice = 'auto' | RxScheme;
export const RX_SCHEMES: readonly RxScheme[] = ['dwell', 'blind-hop'];

/** Blind hop: time on each channel, ms. */
export const BLIND_HOP_MS = 4;
/** Auto: every this-many-th listen uses the scheme not in use, so both rates stay known. */
export const PROBE_EVERY = 10;
/** Auto: the rates are taken over this many recent acknowledged listens per scheme. */
export const RATE_WINDOW = 20;
/** Auto: the dwell scheme is judged after this many acknowledged listens, the blind hop after this many. */
export const MIN_DWELL_LISTENS = 20;
export const MIN_BLIND_LISTENS = 5;
/** Auto: below this answer rate the dwell scheme gives way to the blind hop, whatever the blind hop does. */
export const DWELL_RATE_FLOOR = 0.5;

/** Byte 9 of a Hoymiles frame: the fragment number, bit 7 set on an answer's last fragment. */
const FRAGMENT_BYTE = 9;
const LAST_FRAGMENT = 0x80;
/** A re-request is 11 bytes: command, two addresses, 0x80 | the fragment asked for, CRC8. */
const REREQUEST_LENGTH = 11;

/**
 * Whether `frames` hold the whole answer to `request`: for a re-request, the fragment it asked for; for
 * any other request, the last fragment (bit 7 of byte 9) and every fragment number up to it.
 */
export function answerComplete(request: Uint8Array, frames: readonly Uint8Array[]): boolean {
  const numbers = frames.filter((f) => f.length > FRAGMENT_BYTE).map((f) => f[FRAGMENT_BYTE]!);
  if (request.length === REREQUEST_LENGTH) {
    const wanted = request[FRAGMENT_BYTE]! & ~LAST_FRAGMENT;
    return numbers.some((n) => (n & ~LAST_FRAGMENT) === wanted);
  }
  const last = numbers.find((n) => (n & LAST_FRAGMENT) !== 0);
  if (last === undefined) return false;
  const heard = new Set(numbers.map((n) => n & ~LAST_FRAGMENT));
  for (let k = 1; k <= (last & ~LAST_FRAGMENT); k++) if (!heard.has(k)) return false;
  return true;
}

/** Since start, per scheme. */
export interface RxSchemeCounts {
  /** Listens after a send (acknowledged or not). */
  listens: number;
  /** Listens after an acknowledged send: these make the rate. */
  ackedListens: number;
  /** Acknowledged listens that heard the whole answer. */
  answered: number;
  /** Fragments heard. */
  frames: number;
}

export interface RxSchemeReport {
  choice: RxSchemeChoice;
  /** The scheme listens use now (probes aside). */
  active: RxScheme;
  /** Answer rate over the recent acknowledged listens, 0..1; undefined before the first. */
  rates: Record<RxScheme, number | undefined>;
  counts: Record<RxScheme, RxSchemeCounts>;
  /** Times auto moved to the blind hop. */
  fallbacks: number;
}

const other = (scheme: RxScheme): RxScheme => (scheme === 'dwell' ? 'blind-hop' : 'dwell');
const zero = (): RxSchemeCounts => ({ listens: 0, ackedListens: 0, answered: 0, frames: 0 });

export class RxSchemeChooser {
  readonly #choice: RxSchemeChoice;
  #active: RxScheme;
  #listens = 0;
  #fallbacks = 0;
  readonly #recent: Record<RxScheme, boolean[]> = { dwell: [], 'blind-hop': [] };
  readonly #counts: Record<RxScheme, RxSchemeCounts> = { dwell: zero(), 'blind-hop': zero() };

  constructor(choice: RxSchemeChoice = 'auto') {
    this.#choice = choice;
    this.#active = choice === 'auto' ? 'dwell' : choice;
  }

  /**
   * The scheme of the next listen. `mayProbe` false (a command's answer, and the status frame an MI sends
   * once after a switch, are not risked on the scheme under trial) keeps the active scheme.
   */
  next(mayProbe = true): RxScheme {
    if (this.#choice !== 'auto') return this.#choice;
    if (!mayProbe) return this.#active;
    this.#listens++;
    return this.#listens % PROBE_EVERY === 0 ? other(this.#active) : this.#active;
  }

  /**
   * What a listen with `scheme` heard (`frames` fragments, the whole answer or not) after a send the inverter
   * did (`acked`) or did not acknowledge.
   */
  record(scheme: RxScheme, acked: boolean, frames: number, complete: boolean): void {
    const counts = this.#counts[scheme];
    counts.listens++;
    counts.frames += frames;
    if (!acked) return;
    counts.ackedListens++;
    if (complete) counts.answered++;
    const recent = this.#recent[scheme];
    recent.push(complete);
    if (recent.length > RATE_WINDOW) recent.shift();
    if (this.#choice === 'auto') this.#decide();
  }

  #rate(scheme: RxScheme): number | undefined {
    const recent = this.#recent[scheme];
    return recent.length === 0 ? undefined : recent.filter(Boolean).length / recent.length;
  }

  #decide(): void {
    const dwell = this.#rate('dwell');
    if (dwell === undefined || this.#recent.dwell.length < MIN_DWELL_LISTENS) return;
    const blind = this.#recent['blind-hop'].length >= MIN_BLIND_LISTENS ? this.#rate('blind-hop') : undefined;
    const blindNoBetter = blind !== undefined && blind <= dwell;
    const fallBack = (blind !== undefined && dwell < blind) || (dwell < DWELL_RATE_FLOOR && !blindNoBetter);
    const next: RxScheme = fallBack ? 'blind-hop' : 'dwell';
    if (next === 'blind-hop' && this.#active === 'dwell') this.#fallbacks++;
    this.#active = next;
  }

  report(): RxSchemeReport {
    return {
      choice: this.#choice,
      active: this.#active,
      rates: { dwell: this.#rate('dwell'), 'blind-hop': this.#rate('blind-hop') },
      counts: { dwell: { ...this.#counts.dwell }, 'blind-hop': { ...this.#counts['blind-hop'] } },
      fallbacks: this.#fallbacks,
    };
  }
}
