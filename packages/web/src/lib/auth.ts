import { useSyncExternalStore } from 'react';
import { getUser, onAuthChange } from '../api/auth';

const signedIn = () => getUser() !== null;

/** Logged in while a user record is stored; follows the logged-in/logged-out events. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(onAuthChange, signedIn);
}
