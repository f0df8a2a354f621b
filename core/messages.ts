/**
 * Every user-visible string the product was specified with, verbatim — typos included, since the
 * product keeps that wording — so they can be corrected or translated in one place. Nothing else in
 * the code base types these strings.
 */
export const messages = {
  // Client validation
  fillForm: 'please fill or forms to continue',
  passwordsMustMatch: 'password and confirm password must match',
  acceptTerms: 'please accept our terms of service ad privacy policy',
  enterEmail: 'please enter your email',
  enterNewPassword: 'please enter your new password',
  passwordMismatch: 'password mismatch',
  enterOtp: 'please enter the otp sent to your email',
  allFormFieldsRequired: 'all form fields are required',
  nameAndPhoneRequired: 'name and phone field are required',
  allFieldsRequired: 'all fields are required',
  pinNotCorrect: 'transaction pin not correct',

  // Clipboard, bot check, logout, notifications
  copied: 'Copied to clipboard successfully!',
  copyFailed: 'Failed to copy',
  noClipboard: 'Navigator not initialized',
  botCheckFailed: 'something went wrong, please allow the site to finish loading before clicking',
  confirmLogout: 'are you sure you want to logout of the system ? ',
  noNotifications: 'No notifications',

  // The resend wait (also answered by the server)
  resendIn: (seconds: number) => `you will be able to resend otp in about ${seconds} seconds`,
} as const;

/**
 * A session ended by idleness or age: the server answers it, and the app says it when it finds a
 * stored session past its end on its own (offline, or before the first poll). "authorization"
 * is the app's one sign that a session is gone.
 */
export const SESSION_EXPIRED = 'your session has expired, please log in again (authorization expired)';

/** Labels and titles the product spells out exactly. */
export const labels = {
  resetPassword: 'Reset password',
  fundWallet: 'Fund Wallet',
  transactionPin: 'Transaction pin',
  verifyMerchant: 'Verify Merchant',
  markAsRead: 'Mark as read',
  iAmHuman: 'I am human',
  copyNumber: 'Copy number',
  download: 'Download',
  bettingTitle: 'Bettig Account Top-up',
  educationTitle: 'Jamb/Waec Pins',
  prepaid: 'Prepaid',
  postpaid: 'Postpaid',
} as const;
