import { AdminLogin, DriverLogin } from './login-form';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('login form schemas', () => {
  it('require both fields of the driver login after trimming', () => {
    expect(messages(DriverLogin.safeParse({ username: '  ', password: ' ' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('trim what the driver typed', () => {
    expect(DriverLogin.parse({ username: ' smitjo ', password: ' secret1 ' })).toEqual({ username: 'smitjo', password: 'secret1' });
  });

  it('require both fields of the admin login, and keep the password as typed', () => {
    expect(messages(AdminLogin.safeParse({ username: '', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(AdminLogin.parse({ username: ' admin ', password: ' pass word ' })).toEqual({ username: 'admin', password: ' pass word ' });
  });
});
