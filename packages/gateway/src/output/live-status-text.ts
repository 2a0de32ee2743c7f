/**
 * The text of GET /api/livedata/status without `?inv=`, the answer pollers ask for most (home automation
 * integrations, scripts, the console before its socket is open). Between two writes to the live model only
 * the data ages move, with the clock. So the JSON is kept per model revision as pieces around each
 * inverter's two age fields, and a request prints just the ages: no objects built, nothing serialized.
 * The pieces are cut from what `livedataStatusJson` builds, so the answer stays byte for byte the mapper's.
 */
import type { LiveModel } from '../engine/live-model';
import type { LiveInverter } from '../engine/live-types';
import { type HintInputs, livedataStatusJson } from './live-json';

/** The age fields of one list entry as JSON.stringify prints them (keys are plain words, never escaped). */
const AGE_FIELDS = /,"data_age":\d+,"data_age_ms":\d+/;

interface EntryPieces {
  inverter: LiveInverter;
  /** Up to the age fields. */
  head: string;
  /** From after the age fields to the entry's closing brace. */
  tail: string;
}

export class LivedataStatusText {
  readonly #model: LiveModel;
  #revision = -1;
  #hintKey = '';
  #entries: EntryPieces[] = [];
  /** Everything after the list: `],"total":…,"hints":…}`. */
  #end = '';

  constructor(model: LiveModel) {
    this.#model = model;
  }

  /** The answer now, as `JSON.stringify(livedataStatusJson(model, hints))` would print it. */
  text(hints: HintInputs): string {
    const hintKey = `${hints.defaultPassword}|${hints.pinMappingIssue}|${hints.radioSimulated}`;
    if (this.#model.revision !== this.#revision || hintKey !== this.#hintKey) this.#rebuild(hints, hintKey);
    let out = '{"inverters":[';
    for (let i = 0; i < this.#entries.length; i++) {
      const entry = this.#entries[i] as EntryPieces;
      const ageMs = this.#model.dataAgeMs(entry.inverter);
      out += `${i === 0 ? '' : ','}${entry.head},"data_age":${Math.floor(ageMs / 1000)},"data_age_ms":${ageMs}${entry.tail}`;
    }
    return out + this.#end;
  }

  #rebuild(hints: HintInputs, hintKey: string): void {
    const { inverters: entries = [], ...rest } = livedataStatusJson(this.#model, hints);
    const inverters = this.#model.inverters();
    this.#entries = entries.map((entry, i) => {
      const json = JSON.stringify(entry);
      const ages = AGE_FIELDS.exec(json);
      if (!ages) throw new Error('live data list entry without its age fields');
      return {
        inverter: inverters[i] as LiveInverter,
        head: json.slice(0, ages.index),
        tail: json.slice(ages.index + ages[0].length),
      };
    });
    this.#end = `],${JSON.stringify(rest).slice(1)}`;
    this.#revision = this.#model.revision;
    this.#hintKey = hintKey;
  }
}
