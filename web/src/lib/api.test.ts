import { ApiError, serverMessage } from './api';

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
