/**
 * OpenDTU's language packs, made from the console's own locale files for the built-in en, de and fr (packs
 * cannot be uploaded to this gateway). Each pack is built once, on first request, with its ETag.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type BuiltInLanguage, BuiltInLanguages, type LanguagePack } from '@dtu-console/contract';

export interface BuiltPack {
  body: string;
  etag: string;
}

export function isBuiltInLanguage(code: unknown): code is BuiltInLanguage {
  return typeof code === 'string' && Object.hasOwn(BuiltInLanguages, code);
}

export class LanguagePacks {
  readonly #localesDir: URL;
  readonly #packs = new Map<BuiltInLanguage, BuiltPack | null>();

  constructor(localesDir: URL) {
    this.#localesDir = localesDir;
  }

  /** The pack of a built-in language, or null without the console's locale files (a stripped deployment). */
  async get(code: BuiltInLanguage): Promise<BuiltPack | null> {
    const cached = this.#packs.get(code);
    if (cached !== undefined) return cached;
    let built: BuiltPack | null = null;
    try {
      const file = new URL(`${code}.json`, this.#localesDir);
      const webapp = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const value: LanguagePack = { meta: { name: BuiltInLanguages[code], code }, display: {}, webapp };
      const body = JSON.stringify(value);
      built = { body, etag: `"${createHash('md5').update(body).digest('hex')}"` };
    } catch {
      built = null;
    }
    this.#packs.set(code, built);
    return built;
  }
}
