import { useQuery } from '@tanstack/react-query';
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

export function useSignedInCustomer() {
  return useQuery<Account | null>({ queryKey: CUSTOMER_ACCOUNT_QUERY, queryFn: signedInCustomer });
}
