/** @jest-environment jsdom */
import { jest } from '@jest/globals';
import { emptyDraft, readDraft, saveDraft, startingDraft } from './wizard-draft';
import { PREFILL_KEY } from './prefill';

beforeEach(() => sessionStorage.clear());

describe('the booking wizard draft', () => {
  it('reads back what was saved for the same page only', () => {
    const draft = { ...emptyDraft('one-way'), reached: 3, requestedHours: 2, forCompany: true };
    draft.ride.pickupLocation = 'LAX';
    draft.contact.firstName = 'Ada';
    saveDraft('/booking', JSON.stringify(draft));
    expect(readDraft('/booking', 'one-way')).toEqual(draft);
    expect(readDraft('/reservations', 'one-way')).toBeNull();
  });

  it('keeps only values of the right type from an old or edited entry', () => {
    const stored = { ride: { tripType: 'boat', pickupLocation: 7, waypoints: ['A', 3], passengers: 4 }, contact: { email: 'a@b.c', smsUpdates: 'yes' }, reached: 9 };
    sessionStorage.setItem('bookingDraft:/booking', JSON.stringify(stored));
    const base = emptyDraft('hourly');
    expect(readDraft('/booking', 'hourly')).toEqual({
      ride: { ...base.ride, passengers: 4 },
      contact: { ...base.contact, email: 'a@b.c' },
      reached: 1,
      requestedHours: null,
      forCompany: false,
    });
  });

  it('starts over, only logging, when the entry cannot be read', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    sessionStorage.setItem('bookingDraft:/booking', '{not json');
    expect(startingDraft('/booking', false, 'one-way')).toEqual({ draft: emptyDraft('one-way'), step: 1, fromQuickCard: false });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it("takes a ride handed over by the quick card at step 2, keeping the contact details already typed", () => {
    const kept = emptyDraft('one-way');
    kept.contact.firstName = 'Ada';
    kept.ride.pickupLocation = 'Old place';
    saveDraft('/booking', JSON.stringify({ ...kept, reached: 4, forCompany: true }));
    sessionStorage.setItem(PREFILL_KEY, JSON.stringify({ tripType: 'hourly', pickupDate: '2031-01-02', pickupTime: '10:00', pickupLocation: 'LAX', duration: 1 }));
    const { draft, step, fromQuickCard } = startingDraft('/booking', true, 'one-way');
    expect({ step, fromQuickCard, reached: draft.reached, requestedHours: draft.requestedHours }).toEqual({ step: 2, fromQuickCard: true, reached: 2, requestedHours: 1 });
    expect(draft.ride).toMatchObject({ tripType: 'hourly', pickupLocation: 'LAX', duration: 3 });
    expect(draft.contact.firstName).toBe('Ada');
    expect(draft.forCompany).toBe(true);
  });
});
