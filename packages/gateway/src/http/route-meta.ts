/**
 * What every route declares in its `config` (fastify route options), read by the auth hook and by
 * /api/openapi.json:
 *
 *   app.get('/api/ntp/status', { config: { auth: 'readonly', summary: 'Time and sun status' } }, handler);
 *   app.post('/api/ntp/config', { config: { auth: 'admin', summary: '…', payload: ntpConfigSchema } }, …);
 *
 * An /api route without `auth` is treated as 'admin' (fail closed) and logged at registration.
 */
import type { ZodType } from 'zod';

/**
 * 'public' is never checked; 'readonly' is open while allow_readonly is on, else admin;
 * 'admin' always needs the admin credentials.
 */
export type AuthLevel = 'public' | 'readonly' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. */
    auth?: AuthLevel;
    /** One line for the OpenAPI description. */
    summary?: string;
    description?: string;
    /** zod schema of the JSON carried in the "data" form field of a POST. */
    payload?: ZodType;
    /** A multipart upload (firmware, restore) instead of a "data" form: its parts, in order. */
    upload?: { parts: readonly { name: string; file: boolean; description: string }[] };
    /** Media type of a successful answer when it is not JSON (e.g. 'text/plain'). */
    produces?: string;
    /** Query parameters of a GET, for the description. */
    query?: readonly { name: string; description: string; required?: boolean; repeatable?: boolean }[];
    /** The route refuses bad input with HTTP 400 and the envelope (the versioned /api/v2 routes). */
    refuses?: boolean;
  }
}

/** True for the paths the API owns (everything else is the console and its history fallback). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
