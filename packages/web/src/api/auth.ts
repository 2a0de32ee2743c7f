import { useSyncExternalStore } from 'react';

/**
 * The signed-in user as docs/console.md describes it: a record in localStorage whose authdata
 * is the base64 of the Basic credentials. Its presence means "logged in".
 */
export interface StoredUser {
  username: string;
  authdata: string;
}

const STORAGE_KEY = 'user';
type AuthListener = (user: StoredUser | null) => void;
const listeners = new Set<AuthListener>();

export function encodeBasic(username: string, password: string): string {
  // btoa needs Latin-1; encode UTF-8 first so passwords with any character work.
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  return btoa(String.fromCharCode(...bytes));
}

/** The inverse of `encodeBasic`; undefined when authdata is not base64 of "user:password". */
export function decodeBasic(authdata: string): { username: string; password: string } | undefined {
  try {
    const bytes = Uint8Array.from(atob(authdata), (c) => c.charCodeAt(0));
    const text = new TextDecoder().decode(bytes);
    const colon = text.indexOf(':');
    if (colon < 0) return undefined;
    return { username: text.slice(0, colon), password: text.slice(colon + 1) };
  } catch {
    return undefined;
  }
}

export function getUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const user = JSON.parse(raw) as Partial<StoredUser>;
    return typeof user.authdata === 'string' && typeof user.username === 'string'
      ? { username: user.username, authdata: user.authdata }
      : null;
  } catch {
    return null;
  }
}

export function setUser(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(user));
  for (const listener of listeners) listener(user);
}

export function clearUser(): void {
  localStorage.removeItem(STORAGE_KEY);
  for (const listener of listeners) listener(null);
}

/** Logged-in / logged-out events. */
export function onAuthChange(listener: AuthListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const signedIn = () => getUser() !== null;
const signedOut = () => false;

/** Logged in while a user record is stored; follows the logged-in/logged-out events. */
export function useSignedIn(): boolean {
  // The gateway renders the first paint signed out (the stored user is the browser's); a hydration
  // renders the same, then the stored user.
  return useSyncExternalStore(onAuthChange, signedIn, signedOut);
}

// Another tab signing in or out changes this tab's state too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    const user = getUser();
    for (const listener of listeners) listener(user);
  });
}
