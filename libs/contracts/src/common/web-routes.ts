/*
 * Every page of the web app (spec section 2: a fixed list, no route parameters). The web app's
 * router takes its paths from here and the gateway answers 200 for exactly these pages and 404
 * (still with the app, which shows its 'Page Not Found') for any other. A new page is added
 * here first. No zod here: the browser loads this in its first chunk.
 */

export const SPECIAL_PAGES = {
  laxToDowntown: '/specials/lax-to-downtown',
  roundtripRelax: '/specials/roundtrip-relax',
  nextOnesOnUs: '/specials/next-ones-on-us',
  executiveHour: '/specials/executive-hour',
  referAndFly: '/specials/refer-and-fly',
  lateFlightLove: '/specials/late-flight-love',
  bundlesForBusiness: '/specials/bundles-for-business',
} as const;

export const WEB_PAGES = {
  home: '/',
  booking: '/booking',
  bookingManage: '/booking/manage',
  track: '/track',
  account: '/account',
  /** One of the account's bookings, changed or cancelled (?id=). */
  accountBooking: '/account/booking',
  /** One of the account's bookings' receipt, printable (?id=). */
  accountReceipt: '/account/receipt',
  business: '/business',
  specials: '/specials',
  ...SPECIAL_PAGES,
  reservations: '/reservations',
  meetAndGreet: '/services/meet-and-greet',
  airport: '/services/airport',
  hourly: '/services/hourly',
  driverLogin: '/login',
  driverRegister: '/driver/register',
  driverDashboard: '/driver/dashboard',
  driverRevenue: '/driver/revenue',
  adminLogin: '/admin',
  adminDashboard: '/admin/dashboard',
  adminDrivers: '/admin/drivers',
  adminCustomers: '/admin/customers',
  adminCompanies: '/admin/companies',
  adminFleet: '/admin/fleet',
  adminRates: '/admin/rates',
  adminBookings: '/admin/bookings',
  adminReports: '/admin/reports',
  adminDispatch: '/admin/dispatch',
  adminRegisterDriver: '/admin/register-driver',
} as const;

export type WebPage = (typeof WEB_PAGES)[keyof typeof WEB_PAGES];

/**
 * A Refer & Fly link (`/r/<code>`): the one page with a parameter, kept out of WEB_PAGES (whose
 * paths are each a page to fetch). The code's shape is the contract's ReferralCode, any case.
 */
export const REFERRAL_PAGE = '/r/:code';
const referralPath = /^\/r\/[a-z0-9]{4,16}$/;

export const ALL_WEB_PAGES: readonly WebPage[] = Object.values(WEB_PAGES);

const known = new Set<string>(ALL_WEB_PAGES);

/**
 * Whether the web app's router renders a page (not its 404) at this path, matching as
 * react-router does: case-insensitive, a trailing slash ignored, percent-escapes decoded.
 */
export function isWebPage(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  const normalized = decoded.length > 1 ? decoded.replace(/\/+$/, '') : decoded;
  const lower = normalized.toLowerCase();
  return known.has(lower) || referralPath.test(lower);
}
