import { ApiError } from '../lib/api';
import { bookingRefusalOf } from './booking-refusal';

const refused = (status: number, body: object | string) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new ApiError(status, `${status}: ${text}`, text);
};

describe("a booking's refusal the review step can act on", () => {
  it('names a refused referral code, and says when it could not be checked (worth trying again)', () => {
    const unknown = 'This referral code does not exist: check the link you were sent';
    expect(bookingRefusalOf(refused(400, { statusCode: 400, message: unknown, errors: [{ path: 'referralCode', message: unknown }] }))).toEqual({
      kind: 'referral',
      message: unknown,
      retry: false,
    });
    expect(bookingRefusalOf(refused(503, { statusCode: 503, message: 'not now', errors: [{ path: 'referralCode', message: 'not now' }] }))).toEqual({
      kind: 'referral',
      message: 'not now',
      retry: true,
    });
  });

  it('names benefits spent meanwhile (409) or claimed with another email (400), with the server message', () => {
    expect(bookingRefusalOf(refused(409, { statusCode: 409, message: 'Your free ride or credit has just been used' }))).toEqual({
      kind: 'benefits',
      message: 'Your free ride or credit has just been used',
    });
    const otherEmail = "Free rides and credit apply to bookings made with your account's email";
    expect(bookingRefusalOf(refused(400, { statusCode: 400, message: otherEmail, errors: [{ path: 'benefits', message: otherEmail }] }))).toEqual({
      kind: 'benefits',
      message: otherEmail,
    });
  });

  it("gives any other refusal (400, 403, 409, 422) the server's message and the fields it names, a field's without its path", () => {
    expect(bookingRefusalOf(refused(400, { statusCode: 400, message: 'Pickup must be at least 2 hours from now' }))).toEqual({
      kind: 'other',
      message: 'Pickup must be at least 2 hours from now',
      fields: {},
    });
    expect(bookingRefusalOf(refused(400, { statusCode: 400, message: 'email: Invalid', errors: [{ path: 'email', message: 'Invalid' }] }))).toEqual({
      kind: 'other',
      message: 'Invalid',
      fields: { email: 'Invalid' },
    });
    for (const status of [403, 422]) {
      expect(bookingRefusalOf(refused(status, { statusCode: status, message: 'This vehicle is no longer offered' }))).toEqual({
        kind: 'other',
        message: 'This vehicle is no longer offered',
        fields: {},
      });
    }
  });

  it('leaves other 4xx, and a refusal without a JSON message (a proxy\'s page), to the general message', () => {
    for (const status of [404, 405, 413, 429]) expect(bookingRefusalOf(refused(status, { statusCode: status, message: 'Not for the customer' }))).toBeUndefined();
    expect(bookingRefusalOf(refused(400, '<html><body>Bad Request</body></html>'))).toBeUndefined();
    expect(bookingRefusalOf(refused(403, { statusCode: 403 }))).toBeUndefined();
  });

  it('leaves a lost answer and a 5xx to the general message', () => {
    expect(bookingRefusalOf(refused(503, { statusCode: 503, message: 'The booking service is unavailable' }))).toBeUndefined();
    expect(bookingRefusalOf(refused(500, 'boom'))).toBeUndefined();
    expect(bookingRefusalOf(new Error('offline'))).toBeUndefined();
  });
});
