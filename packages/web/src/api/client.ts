import { clearUser, getUser } from './auth';

/** A failed call: the message from the body (or the status text) and the HTTP status. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The parsed JSON body, when there was one (a refused GET of the history answers an envelope). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  /** Handle the failure at the call site instead of showing the Error screen. */
  suppressErrorScreen?: boolean;
  signal?: AbortSignal;
  /** Extra or overriding headers, e.g. the credentials being checked by the login. */
  headers?: Record<string, string>;
  /** Return the body as text instead of parsing it (file downloads). */
  text?: boolean;
  /** Return the body as bytes (binary downloads such as the gzip history export). */
  blob?: boolean;
}

type FailureHandler = (error: ApiError, options: RequestOptions) => void;
let unauthorizedHandler: (error: ApiError) => void = () => {};
let failureHandler: FailureHandler = () => {};

/** The app shell decides where a 401 and other failures lead (login, error screen). */
export function setApiFailureHandlers(handlers: {
  unauthorized: (error: ApiError) => void;
  failure: FailureHandler;
}): void {
  unauthorizedHandler = handlers.unauthorized;
  failureHandler = handlers.failure;
}

export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  const user = getUser();
  if (user) headers.Authorization = `Basic ${user.authdata}`;
  return headers;
}

async function request<T>(path: string, init: RequestInit, options: RequestOptions): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...apiHeaders(), ...options.headers },
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const error = new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
    if (!options.suppressErrorScreen) failureHandler(error, options);
    throw error;
  }
  if (response.ok && options.blob) return (await response.blob()) as T;
  // Read as text, then parse, so an empty or non-JSON body gives a clear error.
  const text = await response.text();
  if (!response.ok) {
    const error = new ApiError(messageFrom(text) ?? response.statusText, response.status, jsonOf(text));
    if (response.status === 401) {
      clearUser();
      unauthorizedHandler(error);
    } else if (!options.suppressErrorScreen) {
      failureHandler(error, options);
    }
    throw error;
  }
  return (options.text ? text : text ? JSON.parse(text) : null) as T;
}

function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

function messageFrom(text: string): string | undefined {
  if (!text) return undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : text;
  } catch {
    return text;
  }
}

export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>(path, { method: 'GET' }, options);
}

/** POST bodies are a form field "data" holding JSON. */
export function apiPost<T>(path: string, data: unknown, options: RequestOptions = {}): Promise<T> {
  const body = new URLSearchParams({ data: JSON.stringify(data) });
  return request<T>(path, { method: 'POST', body }, options);
}

/** JSON from a service outside the gateway: no credentials, no Error screen; failures reject. */
export async function fetchExternalJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal: signal ?? null });
  if (!response.ok) throw new ApiError(`${response.status} ${response.statusText}`.trim(), response.status);
  return (await response.json()) as T;
}
