import sharp from 'sharp';
import request from 'supertest';
import { adminAuth } from '../../tests/support/admin-auth.js';
import { TRACKING_MESSAGES, type TrackingView } from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { assign, book, signedInDriver, type DriverAgent } from '../../tests/support/drivers.js';
import { startSmtpInbox, type SmtpInbox } from '../../tests/support/smtp-inbox.js';
import { SseClient } from '../../tests/support/sse.js';
import { eventually } from '../../tests/support/stack.js';
import { withStack } from '../../tests/support/fixtures.js';

describe('live tracking link: only that ride, only from en-route until shortly after drop-off', () => {
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  // The window closes 3 s after drop-off here (30 minutes by default).
  const stack = withStack(() => ({
    services: ['fleet', 'booking', 'drivers', 'notifications'],
    // Two streams per ride, three per address; loopback proxies let the test speak for other addresses.
    env: {
      SMTP_URL: inbox.url,
      TRACKING_AFTER_DROPOFF_MINUTES: '0.05',
      PUBLIC_BASE_URL: 'https://limo.example',
      TRACKING_STREAMS_PER_RIDE: '2',
      TRACKING_STREAMS_PER_ADDRESS: '3',
      TRUSTED_PROXIES: 'loopback',
    },
  }));
  afterAll(() => inbox?.close());

  const track = (token: string) => request(stack.baseUrl).get('/api/track').query({ t: token });
  const progress = (agent: DriverAgent, id: number, driverStatus: string) => agent.put(`/api/bookings/${id}/driver-status`).send({ driverStatus }).expect(200);

  it('is sent with "on the way", opens during the ride with name, car, status and position, and is gone after drop-off', async () => {
    const { agent, driver } = await signedInDriver(stack, { firstName: 'Teodora' });
    const booking = await book(stack, {}, 3);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);

    // Before the chauffeur sets off, a (forged-for-the-test) token for the ride opens nothing yet.
    const early = signLink({ purpose: 'track', bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, stack.env.vars.LINK_SIGNING_SECRET);
    expect((await track(early).expect(410)).body).toEqual({ statusCode: 410, message: TRACKING_MESSAGES.notStarted });

    await agent.post('/api/drivers/current/location').send({ latitude: 33.9416, longitude: -118.4085 }).expect(200);
    await progress(agent, booking.id, 'en-route');
    const mail = await eventually(async () => inbox.to(booking.email).find((m) => m.subject.includes('on the way')));
    const link = /https:\/\/limo\.example\/track\?t=([A-Za-z0-9_.-]+)/.exec(mail.body);
    expect(link).not.toBeNull();
    expect(mail.body).toContain('Teodora');
    const token = link![1];

    const during = (await track(token).expect(200)).body as TrackingView;
    expect(during).toMatchObject({ reference: booking.reference, chauffeurFirstName: 'Teodora', driverStatus: 'en-route', position: { latitude: 33.9416, longitude: -118.4085 } });
    expect(during.vehicleName).toEqual(expect.any(String));
    expect(JSON.stringify(during)).not.toContain(driver.lastName);
    // The map: both ends placed from the gazetteer, and the ETA to the pickup (no routing service
    // here: the distance over the hour's speed, said to be an estimate). LAX to Santa Monica Pier
    // is 6.9 great-circle miles, 9.0 road miles by the x 1.3 rule.
    expect(during.pickupPoint).toEqual({ latitude: expect.closeTo(34.009, 2), longitude: expect.closeTo(-118.497, 2) });
    expect(during.dropoffPoint).toEqual({ latitude: expect.closeTo(34.05, 1), longitude: expect.closeTo(-118.25, 1) });
    expect(during.eta).toEqual({ to: 'pickup', basis: 'estimate', miles: 9, minutes: expect.any(Number), line: null });
    expect(during.eta!.minutes).toBeGreaterThanOrEqual(Math.floor((9 / 38) * 60));
    expect(during.eta!.minutes).toBeLessThanOrEqual(Math.ceil((9 / 19) * 60));
    // No masking line configured: the call and text buttons reach the chauffeur's own phone.
    expect(during.contactPhone).toEqual({ number: `+1${driver.phone.replace(/\D/g, '')}`, masked: false });
    // No car recorded and no photo yet: none shown, and the photo address answers 404.
    expect(during).toMatchObject({ vehicleColour: null, vehiclePlate: null, photoUrl: null });
    await request(stack.baseUrl).get('/api/track/photo').query({ t: token }).expect(404);

    // The admin records the car and a photo: the customer sees them, the photo through the link only.
    await request(stack.baseUrl).patch(`/api/admin/drivers/${driver.id}`).set('Authorization', adminAuth(stack)).send({ vehiclePlate: '8LMO123', vehicleColour: 'Black' }).expect(200);
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#334155' } }).png().toBuffer();
    await request(stack.baseUrl).put(`/api/drivers/${driver.id}/photo`).set('Authorization', adminAuth(stack)).set('Content-Type', 'image/png').send(photo).expect(200);
    const dressed = (await track(token).expect(200)).body as TrackingView;
    expect(dressed).toMatchObject({ vehicleColour: 'Black', vehiclePlate: '8LMO123', photoUrl: expect.stringMatching(/^\/api\/track\/photo\?t=[^&]+&v=[\w-]+$/) });
    const served = await request(stack.baseUrl).get(dressed.photoUrl!).buffer(true).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ width: 256, height: 256 });
    await request(stack.baseUrl).get('/api/track/photo').query({ t: `${token}x` }).expect(404);

    // Live: the stream says when the driver moves; the view then has the new position.
    const stream = await new SseClient(`${stack.baseUrl}/api/track/stream?t=${token}`).open();
    try {
      expect(stream.status).toBe(200);
      await agent.post('/api/drivers/current/location').send({ latitude: 34.0522, longitude: -118.2437 }).expect(200);
      await stream.waitFor((u) => u.type === 'drivers.driver.location-updated.v1');
      // Bare notes: no ids, references or statuses reach the customer's stream.
      expect(stream.updates().map((u) => Object.keys(u).filter((k) => k !== 'id').sort())).toEqual(stream.updates().map(() => ['at', 'type']));
    } finally {
      await stream.close();
    }
    expect(((await track(token).expect(200)).body as TrackingView).position).toMatchObject({ latitude: 34.0522, longitude: -118.2437 });

    await progress(agent, booking.id, 'picked-up');
    // On board: the ETA is to the drop-off (Downtown Los Angeles, 1.1 road miles from the last position).
    expect(((await track(token).expect(200)).body as TrackingView).eta).toMatchObject({ to: 'dropoff', basis: 'estimate', miles: 1.1 });
    await progress(agent, booking.id, 'dropped-off');
    // The chauffeur's position stops at drop-off: the window stays open, the map shows nobody.
    await agent.post('/api/drivers/current/location').send({ latitude: 34.1, longitude: -118.3 }).expect(200);
    expect((await track(token).expect(200)).body as TrackingView).toMatchObject({ driverStatus: 'dropped-off', position: null, eta: null, contactPhone: null, photoUrl: null });
    await request(stack.baseUrl).get('/api/track/photo').query({ t: token }).expect(404);
    const after = await eventually(async () => {
      const res = await track(token);
      return res.status === 410 && res;
    });
    expect(after.body).toEqual({ statusCode: 410, message: TRACKING_MESSAGES.ended });
    expect((await request(stack.baseUrl).get('/api/track/stream').query({ t: token })).status).toBe(410);
  });

  /** A ride whose chauffeur has set off, and its tracking link's token. */
  async function rideOnTheWay(daysAhead: number) {
    const { agent, driver } = await signedInDriver(stack);
    const booking = await book(stack, {}, daysAhead);
    await assign(stack, booking.id, driver.id).expect(200);
    await agent.post(`/api/bookings/${booking.id}/accept`).expect(200);
    await progress(agent, booking.id, 'en-route');
    const token = signLink({ purpose: 'track', bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, stack.env.vars.LINK_SIGNING_SECRET);
    return { agent, booking, token };
  }
  const openStream = (token: string, ip: string) => new SseClient(`${stack.baseUrl}/api/track/stream?t=${token}`, { 'X-Forwarded-For': ip }).open();

  it('ends a stream opened during the ride once the trip has ended', async () => {
    const { agent, booking, token } = await rideOnTheWay(5);
    const stream = await openStream(token, '192.0.2.10');
    try {
      expect(stream.status).toBe(200);
      await progress(agent, booking.id, 'picked-up');
      await progress(agent, booking.id, 'dropped-off');
      // Closed 3 s after drop-off here: the stream ends with it (a browser reconnecting then gets the 410).
      await eventually(async () => stream.ended, 15_000, 'the stream to end with the trip');
    } finally {
      await stream.close();
    }
    expect((await openStream(token, '192.0.2.10')).status).toBe(410);
  });

  it('holds at most so many streams open per ride and per address (429 beyond), and a closed one gives its place back', async () => {
    const [first, second] = [await rideOnTheWay(7), await rideOnTheWay(8)];
    const open: SseClient[] = [];
    const keep = async (token: string, ip: string) => {
      const stream = await openStream(token, ip);
      open.push(stream);
      return stream.status;
    };
    try {
      // One address: three streams, whatever the rides; a fourth is refused even for a ride with room.
      expect([await keep(first.token, '198.51.100.1'), await keep(second.token, '198.51.100.1'), await keep(second.token, '198.51.100.1')]).toEqual([200, 200, 200]);
      expect(await keep(first.token, '198.51.100.1')).toBe(429);
      // One ride: two streams, whatever the addresses.
      expect(await keep(first.token, '198.51.100.2')).toBe(200);
      expect(await keep(first.token, '198.51.100.3')).toBe(429);
      await open[0].close();
      await eventually(async () => (await keep(first.token, '198.51.100.3')) === 200, 10_000, 'the closed stream\'s place');
    } finally {
      await Promise.all(open.map((stream) => stream.close()));
    }
  });

  it('opens nothing for a changed token, a manage token or another purpose', async () => {
    const booking = await book(stack, {}, 3);
    const token = signLink({ purpose: 'track', bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, stack.env.vars.LINK_SIGNING_SECRET);
    expect((await track(`${token}x`).expect(404)).body.message).toBe(TRACKING_MESSAGES.invalid);
    await track(signLink({ purpose: 'manage', bookingId: booking.id, expiresAt: Math.floor(Date.now() / 1000) + 3600 }, stack.env.vars.LINK_SIGNING_SECRET)).expect(404);
    await request(stack.baseUrl).get('/api/track').expect(400);
  });
});
