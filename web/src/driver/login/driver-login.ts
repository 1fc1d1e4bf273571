/** The message the spec gives for every driver login attempt until driver sign-in opens. */
export const DRIVER_LOGIN_UNAVAILABLE = 'Authentication system is being configured. Please contact your administrator for access.';
export const DRIVER_LOGIN_ERROR = 'An error occurred during login. Please try again.';
