/**
 * What the gateway reads of the console build's manifest (Vite's `.vite/manifest.json`): the chunk that
 * holds each language's first-load texts, so a page preloads the visitor's at once instead of the console
 * asking for it after its script has run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuiltInLanguage, CONSOLE_LANGUAGES } from '@dtu-console/contract';

/** The folder of the console build that holds the manifest (not served). */
export const MANIFEST_DIR = '.vite';
/** Where the console keeps its first-load texts, as the manifest names the sources. */
const TEXTS_SOURCE = (language: BuiltInLanguage) => `src/i18n/locales/${language}.json`;

/** The URL of each language's chunk; empty without a readable manifest (nothing is preloaded then). */
export function languageChunksOf(webRoot: string): Partial<Record<BuiltInLanguage, string>> {
  let manifest: Record<string, { file?: unknown }>;
  try {
    manifest = JSON.parse(readFileSync(join(webRoot, MANIFEST_DIR, 'manifest.json'), 'utf8'));
  } catch {
    return {};
  }
  const chunks: Partial<Record<BuiltInLanguage, string>> = {};
  for (const language of CONSOLE_LANGUAGES) {
    const file = manifest[TEXTS_SOURCE(language)]?.file;
    if (typeof file === 'string') chunks[language] = `/${file}`;
  }
  return chunks;
}
