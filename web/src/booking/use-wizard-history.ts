import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MadeBooking } from './use-create-booking';

/** What a history entry of the wizard holds (as the state of the page's own URL). */
interface WizardEntry {
  wizardStep: number;
  /** The step of the entry just below, when the wizard pushed this one: going back to it is history's Back. */
  below?: number;
  /** On Reserve Now: the booking (or round trip) made, so a reload shows it again. */
  booking?: MadeBooking;
}

function entryOf(state: unknown): WizardEntry | null {
  const entry = state as Partial<WizardEntry> | null;
  return entry && typeof entry === 'object' && typeof entry.wizardStep === 'number' ? (entry as WizardEntry) : null;
}

export interface WizardHistory {
  /** The step this entry is on. */
  step: number;
  booking: MadeBooking | null;
  /** Moves to a step: a new entry (or history's Back when it is the entry below); `replace` corrects this one instead. */
  go: (step: number, options?: { replace?: boolean; booking?: MadeBooking }) => void;
}

/**
 * Each step of the wizard is an entry in the browser's history, so the browser's Back and Forward
 * move between steps (instead of leaving the page) and a reload stays on the step it was on.
 */
export function useWizardHistory(initialStep: number): WizardHistory {
  const location = useLocation();
  const navigate = useNavigate();
  const entry = entryOf(location.state);
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  // A second press of Next before the first move has landed would push the same step twice.
  const requested = useRef('');
  useEffect(() => {
    requested.current = '';
  }, [location.key]);

  // The entry the wizard opened on records its step too, for a reload or a return to it.
  useEffect(() => {
    if (!entry) navigate(here, { replace: true, state: { wizardStep: initialStep } satisfies WizardEntry });
  }, [entry === null]);

  const step = entry?.wizardStep ?? initialStep;
  return {
    step,
    booking: madeOf(entry?.booking),
    go: (next, { replace = false, booking } = {}) => {
      const request = `${location.key} ${next} ${replace}`;
      if (requested.current === request) return;
      requested.current = request;
      if (!replace && !booking && entry?.below === next) return void navigate(-1);
      const state: WizardEntry = { wizardStep: next, below: replace ? entry?.below : step, ...(booking ? { booking } : {}) };
      void navigate(here, { replace, state });
    },
  };
}

/** An entry written before round trips held the booking itself. */
function madeOf(kept: unknown): MadeBooking | null {
  if (!kept || typeof kept !== 'object') return null;
  return 'booking' in kept ? (kept as MadeBooking) : { booking: kept as MadeBooking['booking'] };
}
