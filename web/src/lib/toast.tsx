import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { inToast } from './toast-region';
import type { ToastInput, ToastState } from './ToastCard';

export type { ToastInput };

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

const INTERACTIVE = 'button, a, input, select, textarea, summary, [role="button"]';
// Placement, swipe and timer come with the first toast: most first visits show none.
const ToastCard = lazy(() => import('./ToastCard'));

/**
 * The open modal dialog, if any. Everything outside a modal dialog is inert and under its
 * backdrop, so a toast shown while one is open (a dialog's own Save) goes inside it: otherwise
 * it showed dimmed, partly hidden, and could not be dismissed.
 */
function openModalDialog(): HTMLDialogElement | null {
  try {
    return document.querySelector<HTMLDialogElement>('dialog:modal');
  } catch {
    // A DOM without the :modal selector (jsdom).
    return null;
  }
}

/** Shows one toast at a time (a new one replaces the current), each for 5 s; F8 focuses it; a swipe to the right dismisses it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const nextId = useRef(1);
  const region = useRef<HTMLDivElement>(null);
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  const show = useCallback((input: ToastInput) => {
    setHost(openModalDialog());
    setToast({ ...input, id: nextId.current++ });
  }, []);
  const dismiss = useCallback((id: number) => setToast((t) => (t?.id === id ? null : t)), []);
  const pressed = useRef<Element | null>(null);

  useEffect(() => {
    const remember = (event: Event) => {
      // The toast's own close button is not a control to keep clear: moving the toast away from
      // it between press and release sent the click to whatever lay beneath.
      if (event.target instanceof Element && !inToast(event.target)) pressed.current = event.target.closest(INTERACTIVE);
    };
    document.addEventListener('pointerdown', remember, true);
    document.addEventListener('keydown', remember, true);
    return () => {
      document.removeEventListener('pointerdown', remember, true);
      document.removeEventListener('keydown', remember, true);
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') region.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // When the dialog it is shown in closes: into the modal dialog open then (one may replace
  // another, as the booking dialog does between its modes), else back to the page.
  useEffect(() => {
    if (!host) return;
    const leave = () => setTimeout(() => setHost(openModalDialog()));
    host.addEventListener('close', leave);
    return () => host.removeEventListener('close', leave);
  }, [host]);

  const value = useMemo(() => show, [show]);
  // The live region is there from the start, so a screen reader announces the first toast too.
  const viewport = (
    <div ref={region} className="toast-viewport" tabIndex={-1} aria-live="polite" role="region" aria-label="Notifications (F8)">
      {toast && (
        <Suspense fallback={null}>
          <ToastCard key={toast.id} toast={toast} region={region} pressed={pressed} onDismiss={dismiss} />
        </Suspense>
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      {host ? createPortal(viewport, host) : viewport}
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);
