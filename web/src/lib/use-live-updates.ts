import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { LiveUpdate } from '@limo/contracts/common/live';
import { openLiveStream } from './event-stream';

export type LiveState = 'connecting' | 'live' | 'offline';

export interface LiveUpdatesOptions {
  /** GET path of the stream. */
  url: string;
  enabled?: boolean;
  /** Headers for each connection (the admin's credential). */
  headers?: () => Record<string, string>;
  /** The queries an update makes out of date. */
  affected: (update: LiveUpdate) => QueryKey[];
  /** What to refresh after a reconnection (updates may have been missed while away). */
  onReconnect: () => QueryKey[];
  /** Each update as it arrives, before the refetches: to show what it says at once. */
  onUpdate?: (update: LiveUpdate) => void;
}

/** Several updates in a burst (a ride assigned, then answered) refresh each query once. */
const COALESCE_MS = 150;
/**
 * The figures (revenue, stats, a driver's earnings) are projections other services build from
 * the same events the stream carries, so the first refetch can run before they have caught up:
 * the same queries are refreshed once more after this pause.
 */
const SETTLE_MS = 1500;

/** Reads a `data:` line as a LiveUpdate; anything else is ignored. */
function parseLiveUpdate(data: string): LiveUpdate | null {
  try {
    const value = JSON.parse(data) as Partial<LiveUpdate> | null;
    return value && typeof value === 'object' && typeof value.type === 'string' ? (value as LiveUpdate) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a board's queries fresh from its server-sent events: each update marks the queries it
 * affects as out of date (TanStack refetches the ones on screen). The pages keep their polling,
 * which carries on if the stream is refused or down. Answers the stream's state for a badge.
 */
export function useLiveUpdates({ url, enabled = true, headers, affected, onReconnect, onUpdate }: LiveUpdatesOptions): LiveState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');
  // The latest callbacks without reopening the stream when a page re-renders.
  const latest = useRef({ headers, affected, onReconnect, onUpdate });
  latest.current = { headers, affected, onReconnect, onUpdate };

  useEffect(() => {
    if (!enabled) return;
    const pending = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settling = new Set<ReturnType<typeof setTimeout>>();
    const refresh = (keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const invalidate = (keys: QueryKey[]) => {
      for (const key of keys) pending.set(JSON.stringify(key), key);
      timer ??= setTimeout(() => {
        timer = undefined;
        const keys = [...pending.values()];
        pending.clear();
        refresh(keys);
        const again = setTimeout(() => {
          settling.delete(again);
          refresh(keys);
        }, SETTLE_MS);
        settling.add(again);
      }, COALESCE_MS);
    };
    setState('connecting');
    const close = openLiveStream({
      url,
      headers: () => latest.current.headers?.() ?? {},
      onOpen: (reconnected) => {
        setState('live');
        if (reconnected) invalidate(latest.current.onReconnect());
      },
      onDrop: () => setState('offline'),
      onStop: () => setState('offline'),
      onMessage: (message) => {
        if (message.event !== 'update' && message.event !== 'message') return;
        const update = parseLiveUpdate(message.data);
        if (!update) return;
        latest.current.onUpdate?.(update);
        invalidate(latest.current.affected(update));
      },
    });
    return () => {
      close();
      if (timer) clearTimeout(timer);
      for (const again of settling) clearTimeout(again);
    };
  }, [url, enabled, queryClient]);

  return enabled ? state : 'offline';
}
