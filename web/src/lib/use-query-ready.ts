import { use } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';

/** The longest a page waits for its data before it is drawn anyway (a slow or failing API). */
const READY_WAIT_MS = 1000;

/** Per query client, the waits under way, by query key. */
const waits = new WeakMap<QueryClient, Map<string, Promise<unknown>>>();

/**
 * Holds the page back (its Suspense boundary shows the loading panel, the footer with it) until
 * the query has answered, for at most READY_WAIT_MS. The page is then drawn once with its data,
 * instead of growing as the data arrives and pushing everything below it, the footer included.
 */
export function useQueryReady(queryKey: QueryKey): void {
  const client = useQueryClient();
  const status = client.getQueryState(queryKey)?.status;
  if (status === 'success' || status === 'error') return;
  const key = JSON.stringify(queryKey);
  const pending = waits.get(client) ?? new Map<string, Promise<unknown>>();
  waits.set(client, pending);
  let wait = pending.get(key);
  if (!wait) {
    // Kept until the query answers: a wait that timed out is not started again on the next render.
    const answered = client.prefetchQuery({ queryKey }).finally(() => pending.delete(key));
    wait = Promise.race([answered, new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS))]);
    pending.set(key, wait);
  }
  use(wait);
}
