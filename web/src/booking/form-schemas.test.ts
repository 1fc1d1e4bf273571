import { addDays, businessToday } from '@limo/contracts';
import { emptyContact } from './booking-draft';
import { ContactFormSchema, QuickRideFormSchema, RideFormSchema } from './form-schemas';
import { emptyRide } from './ride-form';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

const ride = { ...emptyRide(), pickupDate: addDays(businessToday(), 2), pickupTime: '10:00', pickupLocation: 'LAX' };

describe('booking form schemas', () => {
  it('read a one-way ride without the hours its hidden field holds, and without blank stops', () => {
    expect(RideFormSchema.parse({ ...ride, dropoffLocation: 'Pasadena', duration: 7, waypoints: ['', 'Union Station'] })).toEqual({
      tripType: 'one-way',
      pickupDate: ride.pickupDate,
      pickupTime: '10:00',
      pickupLocation: 'LAX',
      dropoffLocation: 'Pasadena',
      waypoints: ['Union Station'],
      passengers: 1,
      luggage: 0,
      vehicleId: 1,
    });
  });

  it('need a drop-off for one-way and hours for hourly, under those fields', () => {
    expect(messages(RideFormSchema.safeParse(ride))).toEqual({ dropoffLocation: 'Drop-off location is required' });
    expect(messages(RideFormSchema.safeParse({ ...ride, tripType: 'hourly', duration: undefined }))).toEqual({ duration: 'Duration is required for hourly rides' });
  });

  it('give the quick card its own 1-12 hours', () => {
    expect(QuickRideFormSchema.parse({ ...ride, tripType: 'hourly', duration: 1 })).toMatchObject({ duration: 1 });
    expect(messages(QuickRideFormSchema.safeParse({ ...ride, tripType: 'hourly', duration: 13 }))).toEqual({ duration: 'Duration must be between 1 and 12 hours' });
  });

  it('check the contact step with the spec messages', () => {
    expect(messages(ContactFormSchema.safeParse(emptyContact()))).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      phone: 'Valid phone number is required',
    });
  });
});
