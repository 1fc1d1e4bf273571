import { TRACKING_STALE_SECONDS } from '@limo/contracts/booking/tracking-messages';

/** How old a position is, in whole seconds, by the server's clock (`offsetMs` = server minus this device). */
export function positionAgeSeconds(at: string, nowMs: number, offsetMs: number): number {
  return Math.max(0, Math.floor((nowMs + offsetMs - Date.parse(at)) / 1000));
}

/** 'updated 12 s ago', 'updated 3 min ago', 'updated 2 h ago'. */
export function ageText(seconds: number): string {
  if (seconds < 60) return `updated ${seconds} s ago`;
  if (seconds < 3600) return `updated ${Math.floor(seconds / 60)} min ago`;
  return `updated ${Math.floor(seconds / 3600)} h ago`;
}

export const isStale = (seconds: number) => seconds > TRACKING_STALE_SECONDS;
