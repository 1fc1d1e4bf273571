/*
 * Where the toast sits. It is fixed to the bottom right of the screen, which on a phone is where
 * a one-time password may be, and at any width where the button just pressed may be (a report's
 * Download button at the bottom of the page). It moves to the top right whenever the bottom
 * would cover either.
 */

export interface Box {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type ToastEdge = 'bottom' | 'top';

const MARGIN = 16;

/** Area two boxes share (0 when apart). */
export function overlap(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

const covered = (toast: Box, boxes: Box[]) => boxes.reduce((sum, box) => sum + overlap(toast, box), 0);

/**
 * The edge to show the toast at: the bottom, unless it covers content that must stay readable
 * (`keep`, e.g. the temporary password) or the control in use (`avoid`); content comes first.
 * When both edges cover something, the one that covers less wins.
 */
export function chooseToastEdge(at: Record<ToastEdge, Box>, keep: Box[], avoid: Box[]): ToastEdge {
  const cost = (edge: ToastEdge) => [covered(at[edge], keep), covered(at[edge], avoid)];
  const [bottomKeep, bottomAvoid] = cost('bottom');
  const [topKeep, topAvoid] = cost('top');
  if (topKeep !== bottomKeep) return topKeep < bottomKeep ? 'top' : 'bottom';
  return topAvoid < bottomAvoid ? 'top' : 'bottom';
}

export interface ToastPlacement {
  edge: ToastEdge;
  /** Distance from the top of the screen when at the top: below any sticky header. */
  top: number;
}

const boxOf = (element: Element): Box => element.getBoundingClientRect();

/** Measures the page for a toast of this size and chooses its edge. */
export function placeToast(toast: { width: number; height: number }, pressed: Element | null): ToastPlacement {
  const { innerWidth: width, innerHeight: height } = window;
  const header = document.querySelector('.public-header, .admin-header');
  const top = Math.max(0, header ? header.getBoundingClientRect().bottom : 0) + MARGIN;
  const right = width - MARGIN;
  const left = right - toast.width;
  const at = {
    bottom: { top: height - MARGIN - toast.height, bottom: height - MARGIN, left, right },
    top: { top, bottom: top + toast.height, left, right },
  };
  const keep = [...document.querySelectorAll('[data-toast-avoid]')].map(boxOf);
  const controls = [document.activeElement, pressed].filter((el): el is Element => !!el && el !== document.body && el.isConnected);
  return { edge: chooseToastEdge(at, keep, controls.map(boxOf)), top };
}
