import { loginOutcome } from './login-outcome';

describe('admin login outcome', () => {
  it('welcomes the admin on success', () => {
    expect(loginOutcome({ ok: true })).toEqual({
      success: true,
      toast: { title: 'Login Successful', description: 'Welcome to the admin dashboard!' },
    });
  });

  it('says the credentials are wrong on 401', () => {
    const outcome = loginOutcome({ ok: false, status: 401 });
    expect(outcome.success).toBe(false);
    expect(outcome.toast).toMatchObject({ title: 'Login Failed', description: 'Invalid username or password. Please try again.' });
  });

  it('says the server cannot be reached on a network failure or a server error', () => {
    for (const attempt of [{ ok: false as const }, { ok: false as const, status: 503 }]) {
      expect(loginOutcome(attempt).toast).toMatchObject({
        title: 'Login Error',
        description: 'Unable to connect to the server. Please try again.',
      });
    }
  });

  it('says how long to wait after too many attempts, instead of blaming the connection', () => {
    expect(loginOutcome({ ok: false, status: 429, retryAfter: 42 }).toast).toMatchObject({ title: 'Login Failed', description: 'Too many attempts, try again in 42 s' });
    expect(loginOutcome({ ok: false, status: 429 }).toast).toMatchObject({ description: 'Too many attempts, try again later' });
  });
});
