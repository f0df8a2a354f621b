import type { Words } from './i18n/words';

/**
 * Every user-visible string the product was specified with, verbatim — typos included, since the
 * product keeps that wording — so they can be corrected or translated in one place. Nothing else in
 * the code base types these strings. Each is words for the translator: the app says them in the
 * reader's language (`t`), the server in the request's (server/i18n.ts). The app's build hands a
 * compiled form in `message`'s place, so app code never reads it; the server and the tests may.
 */
export const messages = {
  // Client validation
  fillForm: /*i18n*/ { id: 'form.fillForm', message: 'please fill or forms to continue' },
  passwordsMustMatch: /*i18n*/ { id: 'form.passwordsMatch', message: 'password and confirm password must match' },
  acceptTerms: /*i18n*/ { id: 'form.acceptTerms', message: 'please accept our terms of service ad privacy policy' },
  enterEmail: /*i18n*/ { id: 'form.enterEmail', message: 'please enter your email' },
  enterNewPassword: /*i18n*/ { id: 'form.enterNewPassword', message: 'please enter your new password' },
  passwordMismatch: /*i18n*/ { id: 'form.passwordMismatch', message: 'password mismatch' },
  enterOtp: /*i18n*/ { id: 'form.enterOtp', message: 'please enter the otp sent to your email' },
  allFormFieldsRequired: /*i18n*/ { id: 'form.allFormFields', message: 'all form fields are required' },
  nameAndPhoneRequired: /*i18n*/ { id: 'form.nameAndPhone', message: 'name and phone field are required' },
  allFieldsRequired: /*i18n*/ { id: 'buy.required', message: 'all fields are required' },
  pinNotCorrect: /*i18n*/ { id: 'pinDialog.wrongPin', message: 'transaction pin not correct' },

  // Clipboard, bot check, logout, notifications
  copied: /*i18n*/ { id: 'copy.done', message: 'Copied to clipboard successfully!' },
  copyFailed: /*i18n*/ { id: 'copy.failed', message: 'Failed to copy' },
  noClipboard: /*i18n*/ { id: 'copy.noClipboard', message: 'Navigator not initialized' },
  botCheckFailed: /*i18n*/ {
    id: 'human.failed',
    message: 'something went wrong, please allow the site to finish loading before clicking',
  },
  confirmLogout: /*i18n*/ { id: 'menu.logout.confirm', message: 'are you sure you want to logout of the system ? ' },
  noNotifications: /*i18n*/ { id: 'notifications.none', message: 'No notifications' },

  // The resend wait (answered by the server): `seconds` is a whole number, as text
  resendIn: /*i18n*/ { id: 'otp.resendIn', message: 'you will be able to resend otp in about {seconds} seconds' },
} as const satisfies Record<string, Words>;

/**
 * A session ended by idleness or age, as the server answers it: in English whatever the request's
 * language, since "authorization" in a 401 is the app's one sign that a session is gone.
 */
export const SESSION_EXPIRED = 'your session has expired, please log in again (authorization expired)';

/**
 * The same, as the app says it when it finds a stored session past its end on its own (offline, or
 * before the first poll).
 */
export const sessionExpired: Words = /*i18n*/ {
  id: 'session.expired',
  message: 'your session has expired, please log in again (authorization expired)',
};

/** Labels and titles the product spells out exactly. */
export const labels = {
  resetPassword: /*i18n*/ { id: 'label.resetPassword', message: 'Reset password' },
  fundWallet: /*i18n*/ { id: 'wallet.fund', message: 'Fund Wallet' },
  transactionPin: /*i18n*/ { id: 'pinDialog.title', message: 'Transaction pin' },
  verifyMerchant: /*i18n*/ { id: 'buy.verify', message: 'Verify Merchant' },
  markAsRead: /*i18n*/ { id: 'label.markAsRead', message: 'Mark as read' },
  iAmHuman: /*i18n*/ { id: 'label.iAmHuman', message: 'I am human' },
  copyNumber: /*i18n*/ { id: 'funding.copy', message: 'Copy number' },
  download: /*i18n*/ { id: 'label.download', message: 'Download' },
  prepaid: /*i18n*/ { id: 'buy.prepaid', message: 'Prepaid' },
  postpaid: /*i18n*/ { id: 'buy.postpaid', message: 'Postpaid' },
} as const satisfies Record<string, Words>;

/**
 * Service titles, shared by the app, the server and the documents as plain text (core/services.ts):
 * brand-like names, said the same in every language.
 */
export const serviceTitles = {
  bettingTitle: 'Bettig Account Top-up',
  educationTitle: 'Jamb/Waec Pins',
} as const;
