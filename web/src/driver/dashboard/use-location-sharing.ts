import { useCallback, useEffect, useRef, useState } from 'react';
import { apiJson } from '../../lib/api';
import { GEOLOCATION_MESSAGES, GEOLOCATION_OPTIONS, geolocationErrorMessage } from '../../booking/geolocation';
import { LOCATION_SENDING, locationDecision, type Position, type SentPosition } from './location-throttle';

export type SharingState =
  | { status: 'off' }
  | { status: 'waiting' }
  | { status: 'sharing' }
  /** The browser cannot, or was told not to: the spec's geolocation message. */
  | { status: 'error'; message: string };

export interface LocationSharing {
  state: SharingState;
  /** When the last position reached the server (ms since the epoch), or null. */
  lastSentAt: number | null;
  /** The last position sent. */
  lastSent: Position | null;
  /** A failed send, if the latest one failed. */
  sendError: string | null;
  /** Asks the browser again (after the driver allowed location in its settings). */
  retry: () => void;
}

/** The contract's limit on accuracy: some browsers report more for a coarse fix. */
const MAX_ACCURACY_M = 100_000;

/**
 * Shares the driver's position while `active` (on duty): the browser asks the driver's
 * permission at the first watch; positions go to POST /api/drivers/current/location at most
 * every 10 s, on moves of 50 m or more, and as a heartbeat when standing still (location-throttle).
 */
export function useLocationSharing(active: boolean): LocationSharing {
  const [state, setState] = useState<SharingState>({ status: 'off' });
  const [lastSentAt, setLastSentAt] = useState<number | null>(null);
  const [lastSent, setLastSent] = useState<Position | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const sent = useRef<SentPosition | null>(null);
  const latest = useRef<(Position & { accuracy?: number }) | null>(null);

  useEffect(() => {
    if (!active) {
      setState({ status: 'off' });
      return;
    }
    const geolocation = globalThis.navigator?.geolocation;
    if (!geolocation) {
      setState({ status: 'error', message: GEOLOCATION_MESSAGES.unsupported });
      return;
    }
    let stopped = false;
    let trailing: ReturnType<typeof setTimeout> | undefined;
    let sending = false;

    const send = async () => {
      const position = latest.current;
      if (!position || sending || stopped) return;
      sending = true;
      const at = Date.now();
      try {
        const accuracy = position.accuracy === undefined ? undefined : Math.min(MAX_ACCURACY_M, Math.max(0, position.accuracy));
        await apiJson('POST', '/api/drivers/current/location', { latitude: position.latitude, longitude: position.longitude, accuracy });
        if (stopped) return;
        sent.current = { latitude: position.latitude, longitude: position.longitude, at };
        setLastSentAt(at);
        setLastSent({ latitude: position.latitude, longitude: position.longitude });
        setSendError(null);
      } catch {
        if (!stopped) setSendError('Your location could not be sent. Trying again shortly.');
      } finally {
        sending = false;
      }
    };

    const consider = () => {
      const position = latest.current;
      if (!position) return;
      const decision = locationDecision(sent.current, position, Date.now());
      if (decision.send === 'now') {
        if (trailing) clearTimeout(trailing);
        trailing = undefined;
        void send();
      } else if (decision.send === 'later' && !trailing) {
        trailing = setTimeout(() => {
          trailing = undefined;
          consider();
        }, decision.inMs);
      }
    };

    setState({ status: 'waiting' });
    const watch = geolocation.watchPosition(
      (position) => {
        latest.current = { latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy };
        setState({ status: 'sharing' });
        consider();
      },
      (error) => {
        setState({ status: 'error', message: geolocationErrorMessage(error?.code) });
        // Denied stays denied until the driver changes the browser's setting and retries.
        if (error?.code === 1) geolocation.clearWatch(watch);
      },
      GEOLOCATION_OPTIONS,
    );
    // The heartbeat (and a retry after a failed send) when no new position comes.
    const heartbeat = setInterval(consider, LOCATION_SENDING.minIntervalMs);
    return () => {
      stopped = true;
      geolocation.clearWatch(watch);
      clearInterval(heartbeat);
      if (trailing) clearTimeout(trailing);
    };
  }, [active, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, lastSentAt, lastSent, sendError, retry };
}
