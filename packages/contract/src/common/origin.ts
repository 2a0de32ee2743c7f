// Web origins as browsers send them in `Origin` (docs/security.md): the gateway's check of changes and
// WebSocket upgrades, and `security.allowed_origins`.

/** In `security.allowed_origins`: any origin may send changes (the check is off). */
export const ANY_ORIGIN = '*';

/** scheme://host[:port] and nothing else: no user, path, query or fragment, no wildcard. */
const ORIGIN_TEXT = /^https?:\/\/(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The serialised form of an http(s) origin (lower case, the scheme's default port left out), or undefined
 * when `text` is not exactly `scheme://host[:port]`. `null` (sandboxed pages, files) is no origin.
 */
export function normalizeOrigin(text: string): string | undefined {
  if (!ORIGIN_TEXT.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** An entry of `security.allowed_origins`: a lone `*` or an origin. */
export function isAllowedOriginEntry(text: string): boolean {
  return text === ANY_ORIGIN || normalizeOrigin(text) !== undefined;
}
