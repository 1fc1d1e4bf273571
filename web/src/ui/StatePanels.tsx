import type { ReactNode } from 'react';

export function LoadingPanel({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="state-panel" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/**
 * Load-error panel: a title, the error's message (or a generic text, or the caller's own words)
 * and Try Again (reloads).
 */
export function ErrorPanel({ title, error, hint, message: explained }: { title: string; error: unknown; hint?: ReactNode; message?: string }) {
  const message = explained ?? (error instanceof Error && error.message ? error.message : 'Something went wrong while loading the data.');
  return (
    <div className="state-panel state-error" role="alert">
      <h2>{title}</h2>
      {/* A server's message is set as code; the caller's own words as text. */}
      <p className={explained ? 'state-message state-message-words' : 'state-message'}>{message}</p>
      {hint && <p className="state-hint">{hint}</p>}
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Try Again
      </button>
    </div>
  );
}

export function EmptyPanel({ message }: { message: string }) {
  return (
    <div className="state-panel state-empty">
      <p>{message}</p>
    </div>
  );
}
