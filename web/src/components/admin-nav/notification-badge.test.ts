import { bellCount, notificationBadgeText, notificationLabel } from './notification-badge';

describe('notification bell badge', () => {
  it('hides at zero and caps at 99+', () => {
    expect(notificationBadgeText(0)).toBeNull();
    expect(notificationBadgeText(undefined)).toBeNull();
    expect(notificationBadgeText(1)).toBe('1');
    expect(notificationBadgeText(99)).toBe('99');
    expect(notificationBadgeText(100)).toBe('99+');
    expect(notificationBadgeText(5000)).toBe('99+');
  });

  it('names the full count for screen readers', () => {
    expect(notificationLabel(0)).toBe('Bookings: no new notifications');
    expect(notificationLabel(1)).toBe('Bookings: 1 new notification');
    expect(notificationLabel(250)).toBe('Bookings: 250 new notifications');
  });

  it('counts the flight alerts beside the requests that need a driver', () => {
    expect(bellCount(undefined)).toBe(0);
    expect(bellCount({ count: 2 })).toBe(2);
    expect(bellCount({ count: 2, flights: [{}, {}, {}] })).toBe(5);
  });

  it('counts the final prices to review too', () => {
    expect(bellCount({ count: 1, flights: [{}], settlements: [{}, {}] })).toBe(4);
  });
});
