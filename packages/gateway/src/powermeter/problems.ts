/**
 * Why a source gave no reading, as a code the console translates and a detail in plain English. Network
 * errors of Node and fetch are mapped here once, so every source names them alike.
 */
import type { PowerMeterProblemCode } from '@dtu-console/contract';
import type { MeterProblem } from './types';

export class MeterError extends Error {
  readonly code: PowerMeterProblemCode;
  constructor(code: PowerMeterProblemCode, detail: string) {
    super(detail);
    this.name = 'MeterError';
    this.code = code;
  }

  get problem(): MeterProblem {
    return { code: this.code, detail: this.message };
  }
}

const NETWORK_CODES: Record<string, PowerMeterProblemCode> = {
  ECONNREFUSED: 'connection-refused',
  ENOTFOUND: 'host-not-found',
  EAI_AGAIN: 'host-not-found',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ECONNRESET: 'unreachable',
};

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code in NETWORK_CODES) return code;
  // fetch wraps the socket error in `cause`; a dual-stack connect reports an AggregateError.
  if (cause !== undefined) return errorCode(cause);
  if (Array.isArray(errors)) return errors.map(errorCode).find((c) => c !== undefined);
  return undefined;
}

/** Any failure of a source as a problem; `where` names what was asked (a URL, a host, a broker). */
export function problemOf(error: unknown, where: string): MeterProblem {
  if (error instanceof MeterError) return error.problem;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return { code: 'timeout', detail: `No answer from ${where} in time` };
  const code = errorCode(error);
  const text = error instanceof Error ? error.message : String(error);
  if (code !== undefined) {
    const problem = NETWORK_CODES[code] ?? 'unreachable';
    const words: Record<string, string> = {
      'connection-refused': 'Connection refused by',
      'host-not-found': 'Host not found:',
      timeout: 'No answer from',
      unreachable: 'Cannot reach',
    };
    return { code: problem, detail: `${words[problem] ?? 'Cannot reach'} ${where} (${code})` };
  }
  return { code: 'unreachable', detail: `Cannot reach ${where}: ${text}` };
}
