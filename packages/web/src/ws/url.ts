import { decodeBasic, type StoredUser } from '../api/auth';

/**
 * The URL of one of the gateway's sockets (/livedata, /console): ws or wss like the page. When signed in,
 * the credentials go into the URL (ws://admin:pass@host/livedata), which the gateway accepts while
 * allow_readonly is off (api.md §1.2). If the gateway adds a token fallback, only this function changes.
 */
export function socketUrl(
  path: string,
  location: Pick<Location, 'protocol' | 'host'>,
  user: StoredUser | null,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const credentials = user ? decodeBasic(user.authdata) : undefined;
  const userinfo = credentials
    ? `${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@`
    : '';
  return `${scheme}://${userinfo}${location.host}${path}`;
}
