import type { CustomerBookingView } from '@limo/contracts/booking/self-service';

/** A booking as its customer sees it (GET /api/account/bookings/{id}, POST /api/bookings/lookup). */
export const customerBooking: CustomerBookingView = {
  reference: 'LX-YRCG2',
  status: 'pending',
  tripType: 'one-way',
  pickupDate: '2031-12-06',
  pickupTime: '18:00',
  pickupAt: '2031-12-07T02:00:00.000Z',
  pickupLocation: 'LAX',
  dropoffLocation: 'Santa Monica',
  waypoints: [],
  duration: null,
  passengers: 1,
  luggage: 0,
  flightNumber: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '(310) 555-0199',
  smsUpdates: false,
  meetGreet: false,
  childSeats: false,
  specialRequests: null,
  price: {
    fare: '60.00', vehicle: '0.00', offer: null, base: '57.97', meetGreet: '0.00', childSeats: '0.00', addOns: '0.00', serviceFee: '2.90', gratuity: '9.13', total: '70.00',
    lines: [{ code: 'fare', label: 'Transfer fare: LAX to Santa Monica', amount: '70.00' }],
  },
  vehicleName: 'Executive Sedan',
  vehicleId: 1,
  chauffeurFirstName: null,
  driverStatus: null,
  canCancel: true,
  cancelCutoffAt: '2031-12-06T02:00:00.000Z',
  cancelCutoffHours: 24,
  settlement: null,
  trip: null,
};

/** A response of the API as `fetch` gives it, with a JSON body. */
export const jsonAnswer = (status: number, body: unknown) =>
  ({ ok: status < 400, status, statusText: '', headers: new Headers(), json: async () => body, text: async () => JSON.stringify(body) }) as unknown as Response;
