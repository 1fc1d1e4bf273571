import { SPECIAL_NAMES, SPECIAL_SLUGS, specialPath } from '../content/special-names';

export interface NavItem {
  to: string;
  label: string;
}

export const SERVICES_LINKS: NavItem[] = [
  { to: '/services/meet-and-greet', label: 'Meet & Greet' },
  { to: '/services/airport', label: 'Airport Transportation' },
  { to: '/services/hourly', label: 'Hourly Service' },
];

/** "All Specials" first, then the seven specials (spec section 2, shared navigation). */
export const SPECIALS_LINKS: NavItem[] = [
  { to: '/specials', label: 'All Specials' },
  ...SPECIAL_SLUGS.map((slug) => ({ to: specialPath(slug), label: SPECIAL_NAMES[slug] })),
];

/** Pages shown with the dark header and footer (the promotion pages). */
export function isPromotionPath(pathname: string): boolean {
  return pathname === '/specials' || pathname.startsWith('/specials/') || pathname === '/business';
}
