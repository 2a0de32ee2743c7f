import { useSyncExternalStore } from 'react';
import { getUser, onAuthChange } from '../api/auth';

const signedIn = () => getUser() !== null;

/** Spec §4: logged in while a user record is stored; follows the logged-in/logged-out events. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(onAuthChange, signedIn);
}
