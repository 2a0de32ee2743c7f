// What a response code means and the English `message` the gateway answers it with; one file per domain
// of `../`. The console never shows `message` (it translates `apiresponse.<code>`), so nothing it imports
// reads these files and its bundles do not carry them.
import type { CodeSpecs } from '../../common/code-spec';

export interface CodeText {
  /** When the server sends it; for developers, not UI text. */
  readonly meaning: string;
  /** English `message` of the envelope; `{min}`/`{max}` are filled from `param`. */
  readonly message: string;
}

/** The texts of one domain's codes (`T` maps names to codes), keyed by code. */
export type CodeTextsOf<T extends Readonly<Record<string, number>>> = {
  readonly [C in keyof CodeSpecs<T>]: CodeText;
};

export function text(meaning: string, message: string): CodeText {
  return { meaning, message };
}

/** A number outside a fixed `min..max` (the code's `param`): "<what> must be between {min} and {max}." */
export function rangeText(meaning: string, what: string): CodeText {
  return text(meaning, `${what} must be between {min} and {max}.`);
}
