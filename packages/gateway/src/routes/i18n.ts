/**
 * /api/i18n/*, public. Language packs cannot be uploaded here, so /languages is always
 * empty (built-in languages are never listed). /language still answers for the built-in en, de and fr,
 * as packs made from the console's own locale files, so a client asking for one gets the texts the
 * console uses.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  type BuiltInLanguage,
  BuiltInLanguages,
  type LanguagePack,
  type LanguagesResponse,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { CONSOLE_LOCALES_DIR } from '../paths';

type BuiltIn = BuiltInLanguage;

function isBuiltIn(code: unknown): code is BuiltIn {
  return typeof code === 'string' && Object.hasOwn(BuiltInLanguages, code);
}

export const i18nRoutes: FastifyPluginAsync<{ ctx: GatewayContext; localesDir?: URL }> = async (
  app,
  { localesDir = CONSOLE_LOCALES_DIR },
) => {
  const packs = new Map<BuiltIn, { body: string; etag: string } | null>();

  async function pack(code: BuiltIn): Promise<{ body: string; etag: string } | null> {
    const cached = packs.get(code);
    if (cached !== undefined) return cached;
    let built: { body: string; etag: string } | null = null;
    try {
      const webapp = JSON.parse(await readFile(new URL(`${code}.json`, localesDir), 'utf8')) as Record<
        string,
        unknown
      >;
      const value: LanguagePack = { meta: { name: BuiltInLanguages[code], code }, display: {}, webapp };
      const body = JSON.stringify(value);
      built = { body, etag: `"${createHash('md5').update(body).digest('hex')}"` };
    } catch {
      // Without the console sources (a stripped deployment) there is no pack to serve.
    }
    packs.set(code, built);
    return built;
  }

  app.get(
    '/api/i18n/languages',
    {
      config: { auth: 'public', summary: 'Uploaded language packs (none: built-in en/de/fr are not listed)' },
    },
    async (): Promise<LanguagesResponse> => [],
  );

  app.get(
    '/api/i18n/language',
    {
      config: {
        auth: 'public',
        summary: 'A language pack by ?code= (the built-in en, de, fr); ETag/304; 404 for any other code',
      },
    },
    async (request, reply) => {
      const code = (request.query as Record<string, unknown>).code;
      const found = isBuiltIn(code) ? await pack(code) : null;
      if (!found) return reply.code(404).header('Content-Length', '0').send();
      reply.header('ETag', found.etag).header('Cache-Control', 'public, must-revalidate');
      if (request.headers['if-none-match'] === found.etag) return reply.code(304).send();
      return reply.type('application/json').send(found.body);
    },
  );
};
