import { checkDriverLogin } from './driver-login';

describe('driver login form', () => {
  it('requires both fields after trimming', () => {
    expect(checkDriverLogin({ username: '  ', password: '' }).errors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('trims what the driver typed', () => {
    expect(checkDriverLogin({ username: ' smitjo ', password: ' secret1 ' })).toEqual({
      values: { username: 'smitjo', password: 'secret1' },
      errors: {},
    });
  });
});
