/** The message the spec gives for every driver login attempt until driver sign-in opens. */
export const DRIVER_LOGIN_UNAVAILABLE = 'Authentication system is being configured. Please contact your administrator for access.';
export const DRIVER_LOGIN_ERROR = 'An error occurred during login. Please try again.';

export type DriverLoginField = 'username' | 'password';

/** Both fields are required once trimmed (spec: login forms, username and password required). */
export function checkDriverLogin(input: { username: string; password: string }): {
  values: { username: string; password: string };
  errors: Partial<Record<DriverLoginField, string>>;
} {
  const values = { username: input.username.trim(), password: input.password.trim() };
  const errors: Partial<Record<DriverLoginField, string>> = {};
  if (!values.username) errors.username = 'Username is required';
  if (!values.password) errors.password = 'Password is required';
  return { values, errors };
}
