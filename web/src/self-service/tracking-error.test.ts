import { TRACKING_MESSAGES } from '@limo/contracts/booking/tracking-messages';
import { ApiError } from '../lib/api';
import { trackingErrorMessage } from './tracking-error';

const refused = (status: number, body: object) => new ApiError(status, `${status}: refused`, JSON.stringify(body));

describe("the tracking page's message when it cannot show the ride", () => {
  it('says a malformed link is not valid, without the field name the server puts before it', () => {
    const error = refused(400, { statusCode: 400, message: `t: ${TRACKING_MESSAGES.invalid}`, errors: [{ path: 't', message: TRACKING_MESSAGES.invalid }] });
    expect(trackingErrorMessage('garbage', error)).toBe(TRACKING_MESSAGES.invalid);
  });

  it("says the server's message of a link refused otherwise, and the same words without a link", () => {
    expect(trackingErrorMessage('a.b', refused(404, { statusCode: 404, message: TRACKING_MESSAGES.invalid }))).toBe(TRACKING_MESSAGES.invalid);
    expect(trackingErrorMessage('a.b', refused(410, { statusCode: 410, message: TRACKING_MESSAGES.ended }))).toBe(TRACKING_MESSAGES.ended);
    expect(trackingErrorMessage(null, undefined)).toBe(TRACKING_MESSAGES.invalid);
    expect(trackingErrorMessage('a.b', new TypeError('Failed to fetch'))).toBe('Tracking is not available right now. Please try again.');
  });
});
