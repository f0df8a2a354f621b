/**
 * Every user-visible string that SPEC.md fixes, verbatim — typos included — so they can be
 * corrected or translated in one place. Nothing else in the code base types these strings.
 */
export const messages = {
  // SPEC.md §5 validation
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

  // SPEC.md §2 clipboard, bot check, logout, notifications
  copied: 'Copied to clipboard successfully!',
  copyFailed: 'Failed to copy',
  noClipboard: 'Navigator not initialized',
  botCheckFailed: 'something went wrong, please allow the site to finish loading before clicking',
  confirmLogout: 'are you sure you want to logout of the system ? ',
  noNotifications: 'No notifications',

  // SPEC.md §8 resend message (also answered by the server)
  resendIn: (seconds: number) => `you will be able to resend otp in about ${seconds} seconds`,
} as const;

/** Labels and titles SPEC.md §2 spells out. */
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
