// What each response code means, one file per domain of `../../`: when the server sends it, written for the
// people who work on gateway and console. Not UI text, so not in the locale files: nobody translates it and
// no screen shows it. A code's English `message` is a text people read, so it is locale JSON
// (web/src/i18n/locales/envelope/en.json, see `../../code-texts.ts`). Only the gateway's side reads these
// files; the console's build fails when one of its chunks carries a meaning (docs/console.md, "Route bytes").
import type { CodeSpecs } from '../../common/code-spec';

/** The meanings of one domain's codes (`T` maps names to codes), keyed by code. */
export type CodeMeaningsOf<T extends Readonly<Record<string, number>>> = {
  readonly [C in keyof CodeSpecs<T>]: string;
};
