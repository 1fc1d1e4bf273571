import { businessHoursText } from '../../lib/company';
import { isPromotionPath, SERVICES_LINKS, SPECIALS_LINKS } from './nav-links';

describe('public navigation links', () => {
  it('lists All Specials then the seven specials of the spec', () => {
    expect(SPECIALS_LINKS.map((l) => l.to)).toEqual([
      '/specials',
      '/specials/lax-to-downtown',
      '/specials/roundtrip-relax',
      '/specials/next-ones-on-us',
      '/specials/executive-hour',
      '/specials/refer-and-fly',
      '/specials/late-flight-love',
      '/specials/bundles-for-business',
    ]);
    expect(SPECIALS_LINKS[0].label).toBe('All Specials');
  });

  it('lists the three service pages', () => {
    expect(SERVICES_LINKS.map((l) => l.to)).toEqual(['/services/meet-and-greet', '/services/airport', '/services/hourly']);
  });

  it('treats the specials and business pages as promotion pages, nothing else', () => {
    expect(isPromotionPath('/specials')).toBe(true);
    expect(isPromotionPath('/specials/executive-hour')).toBe(true);
    expect(isPromotionPath('/business')).toBe(true);
    expect(isPromotionPath('/')).toBe(false);
    expect(isPromotionPath('/services/airport')).toBe(false);
    expect(isPromotionPath('/specialsx')).toBe(false);
  });
});

describe('company business hours', () => {
  it('reads as the spec writes them', () => {
    expect(businessHoursText()).toBe('Mon-Fri 6 AM-10 PM, Sat 8-8, Sun 10-6, emergencies 24/7');
  });
});
