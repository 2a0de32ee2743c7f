/**
 * One GET of a JSON document (or of raw bytes) with a timeout and optional basic or digest auth: what the
 * HTTP JSON source, the Shelly RPC call and the SML-over-HTTP source need. Failures come out as MeterError (auth, http-status, not-json) or as
 * network errors that problemOf names.
 */

import { digestAuthorization, parseDigestChallenge } from './http-digest-auth';
import { MeterError } from './problems';

export interface HttpAuth {
  type: 'basic' | 'digest';
  username: string;
  password: string;
}

export interface JsonRequest {
  url: string;
  timeoutMs: number;
  auth?: HttpAuth;
}

async function get(url: URL, signal: AbortSignal, accept: string, authorization?: string): Promise<Response> {
  return fetch(url, {
    signal,
    headers: { accept, ...(authorization ? { authorization } : {}) },
    redirect: 'follow',
  });
}

/** The parsed JSON body; throws MeterError or the fetch error. */
export async function fetchJson(request: JsonRequest): Promise<unknown> {
  const { host, bytes } = await fetchBody(request, 'application/json');
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new MeterError('not-json', `${host} did not answer JSON`);
  }
}

/** The body of a successful answer as bytes (an SML bridge answers binary); throws like fetchJson. */
export async function fetchBody(
  request: JsonRequest,
  accept = '*/*',
): Promise<{ host: string; bytes: Buffer }> {
  const url = new URL(request.url);
  // One timeout for the whole exchange, the digest round trip included.
  const signal = AbortSignal.timeout(request.timeoutMs);
  const { auth } = request;
  let response: Response;
  if (auth?.type === 'basic') {
    const token = Buffer.from(`${auth.username}:${auth.password}`).toString('base64');
    response = await get(url, signal, accept, `Basic ${token}`);
  } else {
    response = await get(url, signal, accept);
    if (response.status === 401 && auth?.type === 'digest') {
      const challenge = parseDigestChallenge(response.headers.get('www-authenticate'));
      await response.body?.cancel();
      if (!challenge)
        throw new MeterError('auth', `${url.host} asks for an authentication other than digest`);
      const uri = url.pathname + url.search;
      response = await get(
        url,
        signal,
        accept,
        digestAuthorization(challenge, { ...auth, method: 'GET', uri }),
      );
    }
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    const why =
      auth === undefined ? 'asks for a user name and password' : 'refused the user name or password';
    throw new MeterError('auth', `${url.host} ${why} (HTTP ${response.status})`);
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new MeterError('http-status', `${url.host} answered HTTP ${response.status}`);
  return { host: url.host, bytes };
}
