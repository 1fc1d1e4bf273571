import { useSyncExternalStore } from 'react';
import { ADMIN_AUTH_KEY } from './api';

/**
 * The admin login flag in localStorage (`adminAuth`): `{ "credentials": base64(username:password) }`,
 * the HTTP Basic credentials that `api.ts` sends on admin calls. This module is tiny and has no
 * admin UI in it, so the public navigation can know "an admin is logged in" without pulling the
 * admin chunk.
 */

const CHANGE_EVENT = 'limo:admin-auth-change';

/** base64 of `username:password`, UTF-8 safe (btoa alone only handles Latin-1). */
export function basicCredentials(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function hasAdminAuth(): boolean {
  try {
    return Boolean(localStorage.getItem(ADMIN_AUTH_KEY));
  } catch {
    return false;
  }
}

export function storeAdminAuth(credentials: string): void {
  localStorage.setItem(ADMIN_AUTH_KEY, JSON.stringify({ credentials }));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearAdminAuth(): void {
  localStorage.removeItem(ADMIN_AUTH_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // `storage` covers other tabs; the custom event covers this one.
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/** Re-renders when an admin logs in or out (in this tab or another). */
export function useAdminLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, hasAdminAuth, () => false);
}
