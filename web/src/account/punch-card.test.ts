import { punchCardMessage, rewardLine } from './punch-card';

describe('the punch card texts', () => {
  it('says how many more rides to the free one, or that the card is full', () => {
    expect(punchCardMessage(0)).toBe('Your next airport ride after 5 more is on us.');
    expect(punchCardMessage(4)).toBe('Your next airport ride after 1 more is on us.');
    expect(punchCardMessage(5)).toBe('Card full: your next airport ride is on us.');
  });

  it("words each reward's status, with its Los Angeles day", () => {
    const reward = { earnedAt: '2026-11-20T18:00:00.000Z', expiresAt: '2027-05-21T06:30:00.000Z' };
    expect(rewardLine({ ...reward, status: 'available' })).toEqual({ badge: 'Available', tone: 'badge-green', text: 'Free airport ride, use by May 20, 2027' });
    expect(rewardLine({ ...reward, status: 'used' })).toEqual({ badge: 'Used', tone: 'badge-gray', text: 'Free airport ride earned Nov 20, 2026' });
    expect(rewardLine({ ...reward, status: 'expired' }).text).toBe('Free airport ride, expired May 20, 2027');
  });
});
