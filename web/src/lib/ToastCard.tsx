import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { placeToast, type ToastPlacement } from './toast-placement';
import { inToast } from './toast-region';

/*
 * The toast itself, loaded with the first toast shown (lazy, from ToastProvider): where it sits,
 * the swipe that dismisses it and its 5 s. A page that shows none (most first visits) does not
 * download it.
 */

const TOAST_DURATION_MS = 5000;
/** How far to the right a toast is dragged before letting go dismisses it (spec section 9). */
const SWIPE_THRESHOLD_PX = 50;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastState extends ToastInput {
  id: number;
}

/**
 * Keeps the shown toast off what it must not cover (see toast-placement): placed when it
 * appears, and again as the page scrolls, resizes or focus moves.
 */
function useToastPlacement(shown: unknown, toastRef: RefObject<HTMLElement | null>, pressed: RefObject<Element | null>): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>({ edge: 'bottom', top: 0 });

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
 * The shown toast, inside the provider's live region (`region`), which it moves to the edge
 * useToastPlacement chooses. `swiping` holds off the timer.
 */
export default function ToastCard(props: {
  toast: ToastState;
  region: RefObject<HTMLDivElement | null>;
  /** The control last pressed outside the toast (the provider watches from the start: the press that shows a toast comes before it). */
  pressed: RefObject<Element | null>;
  onDismiss: (id: number) => void;
}) {
  const { toast, region, pressed, onDismiss } = props;
  const toastRef = useRef<HTMLDivElement>(null);
  const placement = useToastPlacement(toast, toastRef, pressed);
  const swipe = useSwipeToDismiss(() => onDismiss(toast.id));

  useEffect(() => {
    if (swipe.swiping) return;
    const timer = setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, swipe.swiping]);

  useLayoutEffect(() => {
    const viewport = region.current;
    if (!viewport) return;
    viewport.dataset.edge = placement.edge;
    viewport.style.top = placement.edge === 'top' ? `${placement.top}px` : '';
    viewport.style.bottom = placement.edge === 'top' ? 'auto' : '';
  }, [placement, region]);

  return (
    <div ref={toastRef} className={`toast toast-${toast.variant ?? 'default'}`} role="status" data-testid="toast" style={swipe.style} {...swipe.handlers}>
      <div className="toast-body">
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-description">{toast.description}</p>}
      </div>
      <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
