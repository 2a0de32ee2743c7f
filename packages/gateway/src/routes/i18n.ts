/**
 * /api/i18n/*, public. Language packs cannot be uploaded here, so /languages is always empty (built-in
 * languages are never listed). /language still answers for the built-in en, de and fr, as packs made from
 * the console's own locale files, so a client asking for one gets the texts the console uses.
 */
import type { LanguagesResponse } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { notModified } from '../http/conditional';
import { isBuiltInLanguage, LanguagePacks } from '../i18n/language-packs';
import { CONSOLE_LOCALES_DIR } from '../paths';

export const i18nRoutes: FastifyPluginAsync<{ ctx: GatewayContext; localesDir?: URL }> = async (
  app,
  { localesDir = CONSOLE_LOCALES_DIR },
) => {
  const packs = new LanguagePacks(localesDir);

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
      onSend: notModified,
    },
    async (request, reply) => {
      const code = (request.query as Record<string, unknown>).code;
      const found = isBuiltInLanguage(code) ? await packs.get(code) : null;
      if (!found) return reply.code(404).header('Content-Length', '0').send();
      reply.header('ETag', found.etag).header('Cache-Control', 'public, must-revalidate');
      return reply.type('application/json').send(found.body);
    },
  );
};
