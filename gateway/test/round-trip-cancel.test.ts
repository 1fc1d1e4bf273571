import request from 'supertest';
import { connect } from '@nats-io/transport-node';
import { bookingRpc, type Booking, type CreateTripResult, type CustomerBookingView, type QuoteResponse, type RatesView, type TimelineEntry } from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { RpcClient } from '@limo/messaging';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { book } from '../../tests/support/drivers.js';
import { bookRoundTrip } from '../../tests/support/round-trips.js';
import { TEST_SERVERS } from '../../tests/support/test-env.js';
import { withStack } from '../../tests/support/fixtures.js';

/*
 * Cancelling a round trip's leg (decisions.md, "Round trips"): the customer is asked whether the
 * other leg goes too; an outbound cancelled alone, by the customer or an admin, re-prices the
 * return as a one-way ride without the round-trip discount.
 */
describe('round trips: cancelling one leg or both', () => {
  const stack = withStack({ services: ['fleet', 'booking', 'drivers'] });
  const api = () => request(stack.baseUrl);
  const admin = () => adminAuth(stack);


  const contact = (trip: CreateTripResult) => ({ reference: trip.booking.reference, contact: trip.booking.email });
  const cancel = (body: object) => api().post('/api/bookings/cancel').send(body);
  const lookup = async (reference: string, contact: string) => (await api().post('/api/bookings/lookup').send({ reference, contact }).expect(200)).body as CustomerBookingView;
  const bookingOf = async (id: number) => ((await api().get('/api/admin/bookings').set('Authorization', admin()).expect(200)).body as Booking[]).find((b) => b.id === id)!;
  const timelineOf = async (id: number) => (await api().get(`/api/admin/bookings/${id}/timeline`).set('Authorization', admin()).expect(200)).body as TimelineEntry[];
  /** What a leg costs booked on its own: its best single offer, if any, instead of the round trip's 20% off. */
  const aloneQuote = async (leg: Booking) =>
    ((await api().post('/api/quotes').send({ tripType: 'one-way', pickupDate: leg.pickupDate, pickupTime: leg.pickupTime, pickupLocation: leg.pickupLocation, dropoffLocation: leg.dropoffLocation, passengers: leg.passengers, vehicleId: leg.vehicleId }).expect(200)).body as QuoteResponse).quote.total;

  it("shows each leg's customer the trip reference and the other leg", async () => {
    const trip = await bookRoundTrip(stack);
    const outbound = await lookup(trip.booking.reference, trip.booking.email);
    expect(outbound.trip).toEqual({
      reference: trip.tripReference,
      leg: 'outbound',
      other: {
        reference: trip.returnBooking.reference,
        status: 'pending',
        pickupDate: trip.returnBooking.pickupDate,
        pickupTime: '18:00',
        pickupAt: expect.any(String),
        pickupLocation: trip.returnBooking.pickupLocation,
        dropoffLocation: trip.booking.pickupLocation,
        total: trip.returnBooking.totalAmount,
        canCancel: true,
      },
    });
    const back = await lookup(trip.returnBooking.reference, trip.booking.phone);
    expect(back.trip).toMatchObject({ reference: trip.tripReference, leg: 'return', other: { reference: trip.booking.reference, total: trip.booking.totalAmount } });
  });

  it("finds both legs in the admin's list by the trip reference", async () => {
    const trip = await bookRoundTrip(stack);
    const found = (await api().get('/api/admin/bookings').query({ q: trip.tripReference.toLowerCase() }).set('Authorization', admin()).expect(200)).body as Booking[];
    expect(found.map((b) => b.id).sort()).toEqual([trip.booking.id, trip.returnBooking.id].sort());
  });

  it('shows no trip for a single ride', async () => {
    const single = await book(stack, {}, 6);
    expect((await lookup(single.reference, single.email)).trip).toBeNull();
  });

  it('cancels both legs at once when asked, the return keeping its price', async () => {
    const trip = await bookRoundTrip(stack);
    const res = await cancel({ ...contact(trip), alsoOtherLeg: true }).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', canCancel: false, trip: { other: { status: 'cancelled', total: trip.returnBooking.totalAmount, canCancel: false } } });
    expect(await bookingOf(trip.returnBooking.id)).toMatchObject({ status: 'cancelled', totalAmount: trip.returnBooking.totalAmount });
    expect((await timelineOf(trip.returnBooking.id)).map((e) => e.detail)).toEqual([expect.stringContaining('Booked as'), 'Status pending → cancelled']);
    // Asking again is harmless.
    await cancel({ ...contact(trip), alsoOtherLeg: true }).expect(200);
  });

  it('re-prices the return as a one-way ride when the customer cancels the outbound alone', async () => {
    const trip = await bookRoundTrip(stack);
    const alone = await aloneQuote(trip.returnBooking);
    expect(Number(alone)).toBeGreaterThan(Number(trip.returnBooking.totalAmount));
    const res = await cancel(contact(trip)).expect(200);
    expect(res.body).toMatchObject({ status: 'cancelled', trip: { other: { status: 'pending', total: alone, canCancel: true } } });
    const back = await bookingOf(trip.returnBooking.id);
    expect(back).toMatchObject({ status: 'pending', totalAmount: alone, version: trip.returnBooking.version + 1, tripReference: trip.tripReference });
    expect(back.price.returnDiscount ?? null).toBeNull();
    const last = (await timelineOf(trip.returnBooking.id)).at(-1)!;
    expect(last).toMatchObject({ kind: 'edited', actor: { kind: 'customer' } });
    expect(last.detail).toContain(`Outbound ${trip.booking.reference} cancelled alone: re-priced as a one-way ride without the round-trip discount, $${trip.returnBooking.totalAmount} → $${alone}.`);
  });

  it("re-prices the return when an admin cancels the outbound, and leaves the outbound's price when the return is cancelled alone", async () => {
    const trip = await bookRoundTrip(stack);
    const alone = await aloneQuote(trip.returnBooking);
    await api().patch(`/api/bookings/${trip.booking.id}`).set('Authorization', admin()).send({ status: 'cancelled' }).expect(200);
    expect(await bookingOf(trip.returnBooking.id)).toMatchObject({ status: 'pending', totalAmount: alone });
    expect((await timelineOf(trip.returnBooking.id)).at(-1)).toMatchObject({ kind: 'edited', actor: { kind: 'admin' } });

    const other = await bookRoundTrip(stack);
    await cancel({ reference: other.returnBooking.reference, contact: other.booking.email }).expect(200);
    expect(await bookingOf(other.booking.id)).toMatchObject({ status: 'pending', totalAmount: other.booking.totalAmount, version: other.booking.version });
  });

  it('keeps the return without the discount when an admin edits it after its outbound was cancelled', async () => {
    const trip = await bookRoundTrip(stack);
    await cancel(contact(trip)).expect(200);
    const alone = (await bookingOf(trip.returnBooking.id)).totalAmount;
    const edited = await api().patch(`/api/bookings/${trip.returnBooking.id}`).set('Authorization', admin()).send({ pickupTime: '18:30' }).expect(200);
    expect(edited.body).toMatchObject({ pickupTime: '18:30', totalAmount: alone });
  });

  it('cancels neither leg when the other can no longer be cancelled online (409 with the number to call)', async () => {
    const trip = await bookRoundTrip(stack);
    await api().patch(`/api/bookings/${trip.booking.id}`).set('Authorization', admin()).send({ status: 'completed' }).expect(200);
    const refused = await cancel({ reference: trip.returnBooking.reference, contact: trip.booking.email, alsoOtherLeg: true }).expect(409);
    expect(refused.body.message).toBe(`The outbound ${trip.booking.reference} can no longer be cancelled online: cancel this ride alone, or call ${COMPANY.phone.display}.`);
    expect((await bookingOf(trip.returnBooking.id)).status).toBe('pending');
    expect((await lookup(trip.returnBooking.reference, trip.booking.email)).trip?.other).toMatchObject({ status: 'completed', canCancel: false });
  });

  it("still answers the previous release's gateways (booking.self-service.cancel.v1): that leg alone", async () => {
    const trip = await bookRoundTrip(stack);
    const nc = await connect({ servers: TEST_SERVERS.nats });
    try {
      const rpc = new RpcClient(nc, { prefix: stack.env.id, timeoutMs: 10_000 });
      const view = await rpc.request(bookingRpc.customerCancelV1, { reference: trip.returnBooking.reference, contact: trip.booking.email });
      expect(view).toMatchObject({ reference: trip.returnBooking.reference, status: 'cancelled', trip: { other: { status: 'pending' } } });
    } finally {
      await nc.close();
    }
    expect((await bookingOf(trip.booking.id)).status).toBe('pending');
  });

  it('re-prices the return at the rate table it was booked with, not one saved since', async () => {
    const trip = await bookRoundTrip(stack);
    const alone = await aloneQuote(trip.returnBooking);
    const rates = (await api().get('/api/admin/rates').set('Authorization', admin()).expect(200)).body as RatesView;
    const table = { ...rates.table, zoneFares: rates.table.zoneFares.map((f) => (f.from === 'lax' && f.to === 'santa-monica' ? { ...f, fare: '80.00' } : f)) };
    await api().put('/api/admin/rates').set('Authorization', admin()).send({ table, version: rates.version }).expect(200);
    expect(await aloneQuote(trip.returnBooking)).not.toBe(alone);
    await cancel(contact(trip)).expect(200);
    expect(await bookingOf(trip.returnBooking.id)).toMatchObject({ status: 'pending', totalAmount: alone });
  });
});
