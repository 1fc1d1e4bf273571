import type { LiveState } from '../lib/use-live-updates';
import './live-note.css';

/** Whether a board is live (its stream is open) or refreshing on its polling fallback. */
export function LiveNote({ live, what, every = '30 seconds' }: { live: LiveState; what: string; every?: string }) {
  return (
    <p className={`live-note live-${live}`} role="status" data-testid="live-note">
      <span className="live-dot" aria-hidden="true" />
      {live === 'live' ? `Live: ${what} appear as they happen.` : `Refreshing every ${every}.`}
    </p>
  );
}
