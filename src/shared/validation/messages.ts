/**
 * The exact user-facing texts of §5 and §8. One copy, used by the server (problem messages) and the browser
 * (inline field errors, toasts). Keys double as stable codes: a problem's `code` is the key of its text.
 */

/** §5 rule texts: the codes of field errors the screens and the server both check. */
export const ruleMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  emailTooLong: 'Email must be at most 254 characters',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be 6 to 20 characters',
  passwordCyrillic: 'Password must not contain Cyrillic letters',
  passwordSpaces: 'Password must not contain spaces',
  confirmPasswordRequired: 'Password confirmation is required',
  passwordsDontMatch: "Passwords don't match",
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Phone number is not valid',
  countryRequired: 'Country is required',
  countryUnknown: 'Choose a country from the list',
  termsRequired: 'You must accept the terms of the agreement',
  notAllFieldsFilled: 'Not all fields are filled',
  urlInvalid: 'The text entered is not a valid URL',
} as const;

/** §8 texts of the account calls' problems (codes the server sends). */
export const accountProblemMessages = {
  emailTaken: 'Username with this email is already exists.',
  invalidCredentials: 'Invalid email or password',
  forgotPasswordFailed:
    'When trying to reset your password, your email address was incorrect, please try again, then contact support',
  resetPasswordFailed:
    'An error occurred while trying to reset your password, please try again, then contact technical support',
  emailConfirmFailed: 'The confirmation link is invalid or has expired',
  externalLoginFailed: 'Sign-in with the external provider failed',
  currentPasswordWrong: 'The current password is wrong',
  demoUnavailable: 'The demo is not available',
  accountBlocked: 'Your account is blocked. Please contact support',
  deleteConfirmationWrong: 'Type the email of your account to confirm',
  demoAccountLocked: 'The demo account cannot be deleted',
  // Problems any call may answer with (the platform sends them).
  tokenInvalid: 'Token not valid',
  accessDenied: 'Access denied',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests, please try again later',
} as const;

export const messages = {
  ...ruleMessages,
  ...accountProblemMessages,
  // §8 results and the screens' own failure toasts (not problem codes)
  forgotPasswordSent: 'A password reset link has been sent to the address you provided',
  passwordChanged: 'Password changed successfully',
  emailConfirmed: 'Your email has been successfully confirmed!',
  setUpRequested: 'Your request has been sent. A specialist will contact you soon',
  setUpFailed: 'Error was occured',
  // Profile changes (§8 "account changes")
  emailChanged: 'Email changed. Confirm the new address with the link we sent to it',
  emailChangeFailed: 'Failed to change email',
  phoneChanged: 'Phone changed',
  phoneChangeFailed: 'Failed to change phone',
  languageChanged: 'Language changed',
  languageChangeFailed: 'Failed to change language',
  passwordChangeFailed: 'Failed to change password',
  reportSettingsChanged: 'Report settings saved',
  reportSettingsChangeFailed: 'Failed to save report settings',
  addPaymentFailed: 'Error adding payment',
  updateUserFailed: 'Error updating user',
  accountDeleted: 'Your account has been deleted',
} as const;

export type MessageKey = keyof typeof messages;
