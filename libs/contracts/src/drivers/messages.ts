/**
 * What a driver reads on the sign-in, password-change and dashboard screens. The spec's words
 * (section 5 password rules, section 8 login error) are kept as written.
 */
export const DRIVER_MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid username or password',
  awaitingApproval: 'Your account is waiting for an administrator to approve it. You can sign in once it has been approved.',
  loginError: 'An error occurred during login. Please try again.',
  signInRequired: 'Please sign in to continue',
  passwordChangeRequired: 'Password change required',
  currentPasswordRequired: 'Current password is required',
  newPasswordTooShort: 'New password must be at least 6 characters',
  newPasswordTooLong: 'New password must be at most 128 characters',
  newPasswordSpaces: 'New password cannot start or end with a space',
  confirmPasswordRequired: 'Password confirmation is required',
  passwordsDontMatch: "Passwords don't match",
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordSameAsCurrent: 'The new password must be different from the current one',
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
  accuracy: 'Accuracy must be a number of metres from 0 to 100000',
  rideInProgress: 'You have a ride in progress: complete it before going off duty',
} as const;
