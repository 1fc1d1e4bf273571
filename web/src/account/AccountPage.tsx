import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../lib/api';
import { COMPANY } from '../lib/company';
import { CUSTOMER_ACCOUNT_QUERY as ACCOUNT_QUERY, useSignedInCustomer } from '../lib/customer-account';
import { useDocumentMeta } from '../lib/use-document-title';
import { AccountBookingsList } from './AccountBookingsList';
import { AccountDetails } from './AccountDetails';
import { CompanySection } from './CompanySection';
import { PunchCard } from './PunchCard';
import { ReferAndFly } from './ReferAndFly';
import { SignInForm } from './SignInForm';
import './account.css';

/**
 * /account: a customer signs in with their email and a one-time code (no password, no account
 * needed to book), then sees their contact details, their Next One's on Us punch card, their
 * Refer & Fly link and credit, and every booking made with that email.
 */
export default function AccountPage() {
  useDocumentMeta('Your Account', `Sign in to see your ${COMPANY.name} bookings.`);
  const queries = useQueryClient();
  // Signed out (null): the sign-in form, not an error.
  const account = useSignedInCustomer({ always: true });
  const signOut = useMutation({
    mutationFn: () => apiRequest('POST', '/api/account/sign-out'),
    onSuccess: () => {
      queries.setQueryData(ACCOUNT_QUERY, null);
      queries.removeQueries({ queryKey: ['/api/account/bookings'] });
      queries.removeQueries({ queryKey: ['/api/account/loyalty'] });
      queries.removeQueries({ queryKey: ['/api/account/referrals'] });
      queries.removeQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/account/company') });
      // Quotes priced for the session took its free ride and credit off.
      queries.removeQueries({ queryKey: ['quote'] });
    },
  });

  if (account.isPending) {
    return (
      <section className="account" aria-labelledby="account-heading">
        <h1 id="account-heading">Your Account</h1>
        <p className="muted">Loading...</p>
      </section>
    );
  }
  if (account.isError) {
    return (
      <section className="account" aria-labelledby="account-heading">
        <h1 id="account-heading">Your Account</h1>
        <p className="account-message" role="alert">
          Your account could not be loaded. Please try again shortly.
        </p>
      </section>
    );
  }
  if (!account.data) {
    const signedIn = (customer: NonNullable<typeof account.data>) => {
      queries.setQueryData(ACCOUNT_QUERY, customer);
      // Quotes priced signed out did not take the account's free ride and credit off.
      queries.removeQueries({ queryKey: ['quote'] });
    };
    return <SignInForm onSignedIn={signedIn} />;
  }

  return (
    <section className="account" aria-labelledby="account-heading">
      <div className="account-head">
        <h1 id="account-heading">Your Account</h1>
        <button type="button" className="btn btn-outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign Out
        </button>
      </div>
      <AccountDetails account={account.data} />
      <CompanySection />
      <PunchCard />
      <ReferAndFly />
      <AccountBookingsList />
    </section>
  );
}
