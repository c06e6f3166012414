/** Every user-facing message of the spec, word for word, and ours beside them. */
export const messages = {
  // Spec section 5 and 8.
  loginSuccess: 'Log In Successful',
  usernameRequired: 'Please input your username!',
  passwordRequired: 'Please input your Password!',
  routeRestricted: 'Access to the route is restricted',
  returnedToOriginalRole: 'Returned to your original role.',
  loadFailedTitle: 'Sorry, there was a problem loading the page',
  loadFailedHint: 'Please make sure to check your internet connection',
  offline: 'You appear to be offline. Please check your internet connection',
  gatewayTimeout: 'The server took too long to respond. Request cancelled',
  badGateway: 'Server Error. The server appears to be offline',
  internalServerError: 'Internal server error',
  bodyWithoutMessage: 'Internal Server Error',
  noStatus: 'Error with no status code occured',
  // Ours.
  invalidCredentials: 'Invalid username or password',
  tooManyAttempts: 'Too many attempts. Please try again later',
  sessionExpired: 'Your session has expired. Please log in again',
  validationFailed: 'Some fields are not valid',
  notFound: 'Not found',
  readOnly: 'Your role may view but not change this',
  passwordChanged: 'Password changed',
  wrongCurrentPassword: 'The current password is not correct',
  passwordsDiffer: 'The passwords do not match',
  cannotAssumeTwice: 'An assumed role cannot assume another',
  saved: 'Saved',
  deleted: 'Deleted',
  moduleNotAvailable: 'This module is not available yet',
  ok: 'OK',
  cannotChangeOwnUser: 'You cannot disable, demote or delete your own user',
  lastActiveAdmin: 'At least one active admin must remain',
  assumeInactiveUser: 'A disabled user cannot be assumed',
  passwordReset: 'Password reset',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoTooLarge: 'The logo must be at most 1 MB',
  logoMissing: 'Please choose an image file',
  invalidBody: 'The request body is not valid JSON',
  requestTooLarge: 'The request is too large',
  invalidFilter: (label: string) => `${label} is not a valid filter value`,
  optionsNotAvailable: (resource: string) => `No options are available for ${resource}`,
  deleteConfirm: (thing: string) => `Are you sure you want to delete this ${thing}?`,
  inUse: (thing: string, by: string) => `This ${thing} is used by ${by} and cannot be deleted`,
  duplicate: (label: string) => `${label} already exists`,
  assumedRoleBanner: (name: string, role: string) => `You are acting as ${name} (${role})`,
} as const;

/** Spec section 9: the fixed title the login page shows when no company name is set. */
export const defaultProductTitle = 'Supplies ERP';

/** Spec section 9. */
export const constants = {
  requestTimeoutMs: 120_000,
  notificationSeconds: 4,
  siderWidth: 240,
  drawerBreakpoint: 768,
  dateFormat: 'Do MMM, YYYY | hh:mm a',
  minPasswordLength: 8,
  defaultPageSize: 20,
  maxPageSize: 200,
} as const;
