import { lazy } from 'react';

/*
 * The account's pages, each its own chunk, behind one lazy entry in the app's routes (as the
 * admin's, admin/admin-pages.tsx says why): the public site's entry script carries one preload
 * list for them all.
 */
const PAGES = {
  account: lazy(() => import('./AccountPage')),
  booking: lazy(() => import('./AccountBookingPage')),
  receipt: lazy(() => import('./ReceiptPage')),
  // A friend's Refer & Fly link (/r/<code>): it keeps the code and goes on to the wizard.
  referral: lazy(() => import('../referral/ReferralLink')),
};
export type AccountPageName = keyof typeof PAGES;

/** The account page of that name (the layout's Suspense shows its loading state meanwhile). */
export default function AccountPages({ page }: { page: AccountPageName }) {
  const Page = PAGES[page];
  return <Page />;
}
