import type { QueryKey } from '@tanstack/react-query';

/** The board of a day: GET /api/admin/dispatch?date= (the live stream refreshes it; the polling is the fallback). */
export const boardKey = (date: string): QueryKey => ['/api/admin/dispatch', { date }];

export const BOARD_POLL_MS = 60_000;
