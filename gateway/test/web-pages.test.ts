import { ALL_WEB_PAGES, isWebPage, SPECIAL_PAGES } from '@limo/contracts/common/web-routes';
import { SPECIAL_SLUGS, specialPath } from '../../web/src/public/content/special-names';

/** The list of the web app's pages that the gateway's SPA fallback answers 200 for (404 otherwise). */
describe('the web pages list', () => {
  it("holds the spec's routes (section 2), the customer's manage and tracking pages (issue 13), the dispatch board (issue 35) and the account with its booking and receipt pages (issue 36), the admin's companies (issue 37)", () => {
    expect([...ALL_WEB_PAGES].sort()).toEqual(
      [
        '/', '/booking', '/booking/manage', '/track', '/account', '/account/booking', '/account/receipt', '/business', '/specials', '/reservations',
        '/services/meet-and-greet', '/services/airport', '/services/hourly',
        '/login', '/driver/register', '/driver/dashboard', '/driver/revenue',
        '/admin', '/admin/dashboard', '/admin/drivers', '/admin/fleet', '/admin/rates', '/admin/bookings', '/admin/reports', '/admin/register-driver', '/admin/dispatch', '/admin/customers',
        '/admin/companies',
        ...SPECIAL_SLUGS.map(specialPath),
      ].sort(),
    );
  });

  it("has the special pages the app's router builds from its specials", () => {
    expect(Object.values(SPECIAL_PAGES).sort()).toEqual(SPECIAL_SLUGS.map(specialPath).sort());
  });

  it('recognises a page as react-router matches it: any letter case, trailing slashes, percent-escapes', () => {
    const known = ['/', '/booking', '/Booking', '/admin/', '/admin/fleet//', '/%62ooking', '/SPECIALS/Executive-Hour'];
    expect(known.filter((path) => !isWebPage(path))).toEqual([]);
  });

  it('refuses anything else, including malformed escapes and near misses', () => {
    const unknown = ['/bookings', '/services', '/services/', '/admin/dashboard/x', '/specials/unknown', '/driver/dashboards', '/%E0%A4%A', '//', ''];
    expect(unknown.filter((path) => isWebPage(path))).toEqual([]);
  });

  it('recognises a Refer & Fly link with a code of 4 to 16 letters and digits, and nothing else under /r', () => {
    expect(['/r/FRIEND10', '/r/abcd', '/R/Jane2026/', '/r/ABCDEFGHIJKLMNOP'].filter((path) => !isWebPage(path))).toEqual([]);
    expect(['/r', '/r/', '/r/abc', '/r/ABCDEFGHIJKLMNOPQ', '/r/FRIEND-10', '/r/FRIEND10/x', '/r/:code'].filter((path) => isWebPage(path))).toEqual([]);
  });
});
