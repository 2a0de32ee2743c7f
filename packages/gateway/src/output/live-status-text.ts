/**
 * The text of GET /api/livedata/status, the answer pollers ask for most (home automation integrations,
 * scripts, the console before its socket is open): the list without `?inv=`, and one inverter in detail
 * with it. Between two writes to the live model only the data ages move, with the clock. So each answer's
 * JSON is kept per model revision (and hint inputs) as pieces around each inverter's two age fields, and a
 * request prints just the ages: no objects built, nothing serialized. An answer is cut the first time it
 * is asked for after a change, from what `livedataStatusJson` builds, so it stays byte for byte the
 * mapper's.
 */
import { isZeroSerial } from '@dtu-console/contract';
import type { LiveModel } from '../engine/live-model';
import type { LiveInverter } from '../engine/live-types';
import { type HintInputs, livedataStatusJson } from './live-json';

/** The age fields of one inverter's object as JSON.stringify prints them (keys are plain words, never escaped). */
const AGE_FIELDS = /,"data_age":\d+,"data_age_ms":\d+/;

interface EntryPieces {
  inverter: LiveInverter;
  /** Up to the age fields. */
  head: string;
  /** From after the age fields to the object's closing brace. */
  tail: string;
}

/** One answer: its inverters, then everything after the list (`],"total":…,"hints":…}`). */
interface AnswerPieces {
  entries: EntryPieces[];
  end: string;
}

export class LivedataStatusText {
  readonly #model: LiveModel;
  #revision = -1;
  #hintKey = '';
  #list: AnswerPieces | undefined;
  /** Detail answers by serial (wire form), each cut on its first request in this revision. */
  readonly #details = new Map<string, AnswerPieces>();

  constructor(model: LiveModel) {
    this.#model = model;
  }

  /**
   * The answer now, as `JSON.stringify(livedataStatusJson(model, { inv, ...hints }))` would print it:
   * `inv` absent or zero → the list; a known serial → that inverter in detail; another → no inverters.
   */
  text(hints: HintInputs, inv?: string): string {
    const hintKey = `${hints.defaultPassword}|${hints.pinMappingIssue}|${hints.radioSimulated}`;
    if (this.#model.revision !== this.#revision || hintKey !== this.#hintKey) {
      this.#list = undefined;
      this.#details.clear();
      this.#revision = this.#model.revision;
      this.#hintKey = hintKey;
    }
    const inverter = inv === undefined ? undefined : this.#model.inverter(inv);
    if (inverter) {
      let detail = this.#details.get(inverter.serial);
      if (!detail) {
        detail = this.#cut(hints, inverter.serial);
        this.#details.set(inverter.serial, detail);
      }
      return this.#print(detail);
    }
    this.#list ??= this.#cut(hints);
    // An unknown serial: no inverters, the same totals and hints as the list.
    if (inv !== undefined && !isZeroSerial(inv)) return this.#print({ entries: [], end: this.#list.end });
    return this.#print(this.#list);
  }

  #print(answer: AnswerPieces): string {
    let out = '{"inverters":[';
    for (let i = 0; i < answer.entries.length; i++) {
      const entry = answer.entries[i] as EntryPieces;
      const ageMs = this.#model.dataAgeMs(entry.inverter);
      out += `${i === 0 ? '' : ','}${entry.head},"data_age":${Math.floor(ageMs / 1000)},"data_age_ms":${ageMs}${entry.tail}`;
    }
    return out + answer.end;
  }

  /** Cuts the mapper's answer (the list, or the detail of `serial`) into pieces around the ages. */
  #cut(hints: HintInputs, serial?: string): AnswerPieces {
    const status = livedataStatusJson(this.#model, serial === undefined ? hints : { ...hints, inv: serial });
    const { inverters: objects = [], ...rest } = status;
    const inverters =
      serial === undefined ? this.#model.inverters() : [this.#model.inverter(serial) as LiveInverter];
    const entries = objects.map((object, i) => {
      const json = JSON.stringify(object);
      const ages = AGE_FIELDS.exec(json);
      if (!ages) throw new Error('live data inverter without its age fields');
      return {
        inverter: inverters[i] as LiveInverter,
        head: json.slice(0, ages.index),
        tail: json.slice(ages.index + ages[0].length),
      };
    });
    return { entries, end: `],${JSON.stringify(rest).slice(1)}` };
  }
}
