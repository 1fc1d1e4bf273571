import { ApiError, isDriverPath, needsAdminAuth, serverFieldErrors, serverMessage } from './api';

describe('server error messages', () => {
  it('reads the message of a JSON error body', () => {
    const error = new ApiError(409, '409: {...}', JSON.stringify({ statusCode: 409, message: 'Email is already registered' }));
    expect(serverMessage(error)).toBe('Email is already registered');
  });

  it('falls back to a short text body, and to nothing otherwise', () => {
    expect(serverMessage(new ApiError(502, '502: Bad Gateway', 'Bad Gateway'))).toBe('Bad Gateway');
    expect(serverMessage(new ApiError(500, '500: Internal Server Error', ''))).toBeUndefined();
    expect(serverMessage(new ApiError(500, 'x', 'x'.repeat(400)))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});

describe("the fields a refused call names", () => {
  it('reads the first message of each field of a 400 body', () => {
    const body = { statusCode: 400, message: 'pickupDate: Pickup date cannot be in the past', errors: [
      { path: 'pickupDate', message: 'Pickup date cannot be in the past' },
      { path: 'pickupDate', message: 'Pickup date must be a date' },
      { path: 'passengers', message: 'Passengers must be a whole number from 1 to 60' },
    ] };
    expect(serverFieldErrors(new ApiError(400, '400: ...', JSON.stringify(body)))).toEqual({
      pickupDate: 'Pickup date cannot be in the past',
      passengers: 'Passengers must be a whole number from 1 to 60',
    });
  });

  it('names none for another status, a body without errors, a text body or no error', () => {
    const errors = [{ path: 'pickupTime', message: 'Pickup time is required' }];
    expect(serverFieldErrors(new ApiError(409, '409: ...', JSON.stringify({ statusCode: 409, message: 'Taken', errors })))).toEqual({});
    expect(serverFieldErrors(new ApiError(400, '400: ...', JSON.stringify({ statusCode: 400, message: 'Bad' })))).toEqual({});
    expect(serverFieldErrors(new ApiError(400, '400: Bad Request', 'Bad Request'))).toEqual({});
    expect(serverFieldErrors(null)).toEqual({});
  });
});

describe('which calls carry the admin credential', () => {
  it('sends it on admin calls, including the admin-only /api/drivers and /api/bookings lists', () => {
    for (const path of ['/api/admin/stats', '/api/drivers', '/api/drivers/locations', '/api/bookings', '/api/bookings/pending', '/api/register-driver', '/api/admin/drivers/3/reset-password']) {
      expect([path, needsAdminAuth(path)]).toEqual([path, true]);
    }
  });

  it('never sends it on the driver session calls, which share those prefixes', () => {
    for (const path of [
      '/api/drivers/login',
      '/api/drivers/logout',
      '/api/drivers/current',
      '/api/drivers/current/shift',
      '/api/drivers/current/revenue/weekly?week=2&month=11&year=2026',
      '/api/drivers/current/stream',
      '/api/bookings/week-outlook',
      '/api/bookings/12/accept',
      '/api/bookings/12/decline',
      '/api/bookings/12/deny',
      '/api/bookings/12/driver-status',
    ]) {
      expect([path, isDriverPath(path), needsAdminAuth(path)]).toEqual([path, true, false]);
    }
  });

  it('does not mistake look-alike paths for driver calls', () => {
    expect(isDriverPath('/api/drivers/currently')).toBe(false);
    expect(isDriverPath('/api/bookings/12/accept/extra')).toBe(false);
    expect(isDriverPath('/api/bookings/abc/accept')).toBe(false);
  });
});
