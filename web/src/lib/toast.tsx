import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { placeToast, type ToastPlacement } from './toast-placement';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastState extends ToastInput {
  id: number;
}

const TOAST_DURATION_MS = 5000;
/** How far to the right a toast is dragged before letting go dismisses it (spec section 9). */
const SWIPE_THRESHOLD_PX = 50;
const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

const INTERACTIVE = 'button, a, input, select, textarea, summary, [role="button"]';
const inToast = (target: EventTarget | null) => target instanceof Element && target.closest('.toast-viewport') !== null;

/**
 * Keeps the shown toast off what it must not cover (see toast-placement): placed when it
 * appears, and again as the page scrolls, resizes or focus moves.
 */
function useToastPlacement(shown: unknown, toastRef: RefObject<HTMLElement | null>): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>({ edge: 'bottom', top: 0 });
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

  useLayoutEffect(() => {
    if (!shown) return;
    const place = () => {
      const box = toastRef.current?.getBoundingClientRect();
      if (!box) return;
      const next = placeToast(box, pressed.current);
      setPlacement((current) => (current.edge === next.edge && current.top === next.top ? current : next));
    };
    // Focus moving into the toast itself (its close button, F8) does not move it.
    const focused = (event: FocusEvent) => {
      if (!inToast(event.target)) place();
    };
    place();
    // The page may still be changing under a toast that has just appeared (the wizard swaps its
    // last step for the reference and the locked quote in the same update that shows "Booking
    // Created"): placed again once a frame after any change of the page, not only on scroll.
    let frame = 0;
    const changed = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        place();
      });
    };
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(changed);
    observer?.observe(document.body, { childList: true, subtree: true });
    // And when the page's size changes without a change of its nodes (a font or an image arriving).
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(changed);
    resized?.observe(document.body);
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    document.addEventListener('focusin', focused);
    return () => {
      observer?.disconnect();
      resized?.disconnect();
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      document.removeEventListener('focusin', focused);
    };
  }, [shown, toastRef]);

  return placement;
}

interface Swipe {
  pointerId: number;
  startX: number;
  dx: number;
}

/**
 * A toast dragged to the right follows the pointer (finger or mouse); let go past
 * SWIPE_THRESHOLD_PX and it is dismissed, short of it and it slides back. Written here rather
 * than taken from a toast library: the provider is a few dozen lines and the one gesture is
 * fewer still. `swiping` holds off the 5 s timer, as a toast being read in the hand should stay.
 */
function useSwipeToDismiss(dismiss: () => void) {
  const [swipe, setSwipe] = useState<Swipe | null>(null);
  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.button !== 0 || (event.target instanceof Element && event.target.closest('button'))) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setSwipe({ pointerId: event.pointerId, startX: event.clientX, dx: 0 });
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (swipe?.pointerId !== event.pointerId) return;
    const dx = Math.max(0, event.clientX - swipe.startX);
    if (dx !== swipe.dx) setSwipe({ ...swipe, dx });
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (swipe?.pointerId !== event.pointerId) return;
    setSwipe(null);
    if (Math.max(0, event.clientX - swipe.startX) >= SWIPE_THRESHOLD_PX) dismiss();
  };
  const onPointerCancel = () => setSwipe(null);
  const style: CSSProperties | undefined = swipe ? { transform: `translateX(${swipe.dx}px)`, transition: 'none' } : undefined;
  return { swiping: swipe !== null, style, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}

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
  const toastRef = useRef<HTMLDivElement>(null);
  const placement = useToastPlacement(toast, toastRef);
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  const show = useCallback((input: ToastInput) => {
    setHost(openModalDialog());
    setToast({ ...input, id: nextId.current++ });
  }, []);
  const swipe = useSwipeToDismiss(() => setToast(null));

  useEffect(() => {
    if (!toast || swipe.swiping) return;
    const timer = setTimeout(() => setToast((t) => (t?.id === toast.id ? null : t)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, swipe.swiping]);

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
  const viewport = (
    <div
      ref={region}
      className="toast-viewport"
      data-edge={placement.edge}
      style={placement.edge === 'top' ? { top: placement.top, bottom: 'auto' } : undefined}
      tabIndex={-1}
      aria-live="polite"
      role="region"
      aria-label="Notifications (F8)"
    >
      {toast && (
        <div
          ref={toastRef}
          className={`toast toast-${toast.variant ?? 'default'}`}
          role="status"
          data-testid="toast"
          style={swipe.style}
          {...swipe.handlers}
        >
          <div className="toast-body">
            <p className="toast-title">{toast.title}</p>
            {toast.description && <p className="toast-description">{toast.description}</p>}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => setToast(null)}>
            ×
          </button>
        </div>
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
