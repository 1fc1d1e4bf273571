import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Account } from '@limo/contracts/customers/account';
import type { BookerCompany } from '@limo/contracts/customers/companies';
import { ApiError, apiRequest } from './api';

/** The signed-in customer's query (GET /api/account): the account page and the wizard's prefill share it. */
export const CUSTOMER_ACCOUNT_QUERY = ['/api/account'] as const;

/** The signed-in customer, or null while signed out (the 401 is an answer here, not a failure). */
async function signedInCustomer(): Promise<Account | null> {
  try {
    const account = (await (await apiRequest('GET', '/api/account')).json()) as Account;
    return typeof account?.email === 'string' ? account : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The company the signed-in customer books for (GET /api/account/company): null for one who books
 * for none, and while signed out (not asked). The account page and the wizard share it.
 */
const ACCOUNT_COMPANY_QUERY = ['/api/account/company'] as const;

export function useBookerCompany(signedIn: boolean) {
  return useQuery<BookerCompany | null>({ queryKey: ACCOUNT_COMPANY_QUERY, enabled: signedIn });
}

/**
 * This browser's note that it signed in to an account: the public pages ask GET /api/account only
 * with it, so a visitor's page makes no request that fails 401. Two notes, either will do: the
 * gateway's `limo_signed_in` cookie (set beside the httpOnly session cookie at sign-in, as
 * long-lived, cleared at sign-out: it outlives cleared site storage) and the app's own in
 * localStorage (like the admin's login flag; set by an account answer). A 401 clears both.
 */
const SIGNED_IN_NOTE = 'limoCustomerSignedIn';
const SIGNED_IN_COOKIE = 'limo_signed_in';

function noted(): boolean {
  if (document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`)) return true;
  try {
    return localStorage.getItem(SIGNED_IN_NOTE) !== null;
  } catch {
    return false;
  }
}

function note(signedIn: boolean): void {
  // The session is gone (a 401, a sign-out): so is the gateway's note, which would make every page ask again.
  if (!signedIn) document.cookie = `${SIGNED_IN_COOKIE}=; Max-Age=0; Path=/`;
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_NOTE, '1');
    else localStorage.removeItem(SIGNED_IN_NOTE);
  } catch {
    // Storage refused (private mode): the cookie alone says it then.
  }
}

/**
 * The signed-in customer: null once known to be signed out, undefined while not asked. The account
 * page asks whatever the note says (`always`: a session from before the note, or from a browser
 * whose storage was cleared, is found there and noted); the other pages only when noted.
 */
export function useSignedInCustomer({ always = false }: { always?: boolean } = {}) {
  const query = useQuery<Account | null>({ queryKey: CUSTOMER_ACCOUNT_QUERY, queryFn: signedInCustomer, enabled: always || noted() });
  useEffect(() => {
    if (query.data !== undefined) note(query.data !== null);
  }, [query.data]);
  return query;
}
