import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { QuoteQueryInput, QuoteResponse } from '@limo/contracts';
import { ApiError, apiJson, serverMessage } from '../lib/api';

/** How long typing must pause before the ride is priced again. */
const QUOTE_DEBOUNCE_MS = 300;

export interface QuoteState {
  /** The server's quote for the ride as last priced (kept while a newer one is on its way). */
  data?: QuoteResponse;
  /** A newer quote is on its way: what is shown is for the ride as it was. */
  updating: boolean;
  /** Why the ride cannot be priced as entered (the server's message), or that pricing failed (retry: worth asking again). */
  problem?: { message: string; retry: boolean };
  /** The ride is not complete enough to price. */
  waiting: boolean;
  retry: () => void;
}

/** `value` once it has stayed the same for `ms` (compared as JSON); the first value at once. */
function useSettled<T>(value: T, ms: number): T {
  const json = JSON.stringify(value);
  const [settled, setSettled] = useState(json);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(json), ms);
    return () => clearTimeout(timer);
  }, [json]);
  return useMemo(() => JSON.parse(settled) as T, [settled]);
}

/**
 * The server's quote for the ride as the customer types it (`POST /api/quotes`, debounced): the
 * chosen vehicle's itemised price, the return's, and every vehicle's total. The server is the one
 * source of prices, so what the wizard shows is what the booking stores.
 */
export function useQuote(request: QuoteQueryInput | null): QuoteState {
  const settled = useSettled(request, QUOTE_DEBOUNCE_MS);
  const query = useQuery<QuoteResponse, Error>({
    queryKey: ['quote', settled],
    queryFn: () => apiJson<QuoteResponse>('POST', '/api/quotes', settled),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A ride the server refuses (4xx) is not asked again; a lost answer is, twice.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
  const current = request !== null && JSON.stringify(request) === JSON.stringify(settled);
  return {
    data: request === null ? undefined : query.data,
    updating: request !== null && (!current || query.isFetching),
    problem: request !== null && current && query.isError ? problemOf(query.error) : undefined,
    waiting: request === null,
    retry: () => void query.refetch(),
  };
}

function problemOf(error: Error): { message: string; retry: boolean } {
  if (error instanceof ApiError && error.status < 500) return { message: serverMessage(error) ?? 'This ride cannot be priced as entered.', retry: false };
  return { message: 'We could not price your ride just now. Please try again, or call us.', retry: true };
}
