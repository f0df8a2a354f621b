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

/**
 * The identity and funding rules in the words the profile, /funding, the terms and the server's
 * refusals use (the CBN's rules: every funded wallet is linked to a verified BVN or NIN).
 */
export const identityMessages = {
  /** create-accounts, card top-ups and /funding without a verified identity. */
  identityRequired:
    'Verify your BVN or NIN first: the CBN requires every wallet to be linked to one before it can be ' +
    'funded. You can do it here or on your profile.',
  nameFrozen: 'your name is verified with your BVN or NIN and can only be changed by support',
  notTheVerifiedNumber: (label: string) => `this is not the ${label} you verified; contact support if it has changed`,
  tooManyChecksOnAccount: 'too many identity checks on this account today; please try again tomorrow',
  tooManyChecksOfNumber: 'this number has been checked too many times today; please try again tomorrow',
  bankAccountIncomplete: 'choose your bank and type your 10-digit account number, or leave both empty',
  bankAccountNeedsBvn: 'a bank account is only used with a BVN: Paystack matches the two',
  oneNumber: 'send one number: a BVN or a NIN',
  typeNumber: (label: string) => `please type your ${label}`,
  elevenDigits: (label: string) => `your ${label} has 11 digits`,
  /** A number is bound only with the date of birth on its record (services/identity.ts). */
  dateOfBirthRequired: 'please enter your date of birth, as on your BVN or NIN',
  dateOfBirthInvalid: 'please enter your date of birth as a real date: day, month and year',
} as const;

/** What /funding says about each partner's accounts. */
export const fundingMessages = {
  beingCreated: (partner: string) =>
    `${partner} is creating your account number. It usually takes a minute; this page updates by itself.`,
  partnerDown: (partner: string) =>
    `${partner} could not be reached when you verified. Type your BVN or NIN again to get this account ` +
    'number: we do not keep the number itself.',
  notAskedYet: (partner: string) =>
    `Type your BVN or NIN again so that ${partner} can open your account number: we do not keep the number itself.`,
  ready: (partner: string) => `Your ${partner} account numbers are listed above.`,
  noCardTopUps: 'Card top-ups are not available right now: fund your wallet by bank transfer.',
  cardAboveCap: (left: string) =>
    `your wallet can take ${left} more at your tier; verify more of your identity to raise it`,
  cardPaymentUnknown: 'we have no card payment with this reference',
  cardAmountRange: (min: string, max: string) => `enter an amount between ${min} and ${max}`,
  cardCredited: (amount: string) => `${amount} from your card has been added to your wallet.`,
  cardAbandoned: 'The card payment was cancelled: nothing was charged.',
  cardFailed: 'Your card payment did not go through: nothing was added to your wallet.',
  cardDisputed: 'We could not confirm this card payment. Support has been told and will contact you.',
  cardPending: 'Your card payment is not confirmed yet: it shows here as soon as your bank confirms it.',
} as const;

/** What raises the wallet from each tier, as the profile's limits card says it (the form is below it). */
export const tierNextStep: Record<0 | 1 | 2 | 3, string> = {
  0:
    'Your wallet is not linked to a BVN or NIN, so it cannot be funded (the CBN requires one). Verify one ' +
    'below: we check it with NIBSS or NIMC, and the name must match yours.',
  1: 'Verify the other one of your BVN and NIN below to reach tier 2.',
  2: 'Tier 3 also needs a verified address: contact support to have it checked.',
  3: 'Your BVN, NIN and address are verified: this is the highest tier.',
};

/** Scheduled and recurring purchases: what the app and the server's notifications say. */
export const scheduleWords = {
  title: 'Schedules',
  subtitle: 'Purchases your wallet makes for you, at the times you choose (Lagos time).',
  empty: 'No schedules yet',
  emptyHint:
    'Buy something, open it in your activities and tap “Repeat this”, or schedule a purchase from any service screen.',
  newSchedule: 'New schedule',
  repeatThis: 'Repeat this',
  scheduleThis: 'Schedule this',
  retryNow: 'Retry now',
  acceptNewPrice: 'Accept new price',
  confirmDelete: 'Delete this schedule? Nothing more will be bought with it.',
  loadFailed: 'Your schedules could not be loaded.',
  pinText: 'Enter your 4-digit security pin to authorise this schedule.',
  acceptPinText: 'Enter your 4-digit security pin to accept the new price for this schedule.',
  // The dialog offers the passkey first where the device holds one, so neither names the pin alone.
  authoriseAgain: 'Authorise again',
  pausedForRecovery:
    'Paused because your account was recovered. Authorise it again with your pin or passkey to resume it, ' +
    'or delete it if you did not set it up.',
  authorisePinText: 'Enter your 4-digit security pin to authorise this schedule again.',
  nameRequired: 'please give the schedule a name',
  timeRequired: 'please choose the time it runs',
  dateRequired: 'please choose the day it runs',
  weekdayRequired: 'please choose the weekday it runs',
  monthDayRequired: 'please choose the day of the month it runs (1 to 31)',
  daysBeforeRequired: 'please choose how many days before the due date to renew (0 to 14)',
  endRunsRequired: 'please say after how many runs it ends (1 to 1000)',
  endDateRequired: 'please choose the day it ends',
  verifyFirst: 'please verify the smartcard first: its due date and renewal amount set the schedule',
  noDueDate: 'this provider does not tell us when the subscription is due: choose a monthly schedule instead',
  created: 'Schedule saved. We will remind you the day before each run.',
  updated: 'Schedule updated.',
  paused: 'Schedule paused.',
  resumed: 'Schedule resumed.',
  deleted: 'Schedule deleted.',
  priceAccepted: 'New price accepted.',
  authorised: 'Schedule authorised again.',
} as const;

/** Why a scheduled run did not buy, in the user's words (ScheduleRunReason of core/contract.ts). */
export const scheduleRunReasons = {
  'insufficient-balance': 'your wallet balance was too low',
  'daily-limit': "it was above what your tier's daily limit had left that day",
  'price-changed': 'the price rose above the amount you authorised',
  'provider-unavailable': 'the provider was not answering',
  'not-available': 'the provider or plan is no longer sold',
  'customer-not-found': 'the biller could not find the number',
  'biller-failed': 'the biller could not complete it, and your wallet was refunded',
  'pin-locked': 'purchases are locked after repeated wrong pins',
  'account-locked': 'your account was locked after you reported a change you did not make',
  missed: 'our service was not running at the time, so nothing was bought',
  'already-renewed': 'the subscription had already been renewed',
  'awaiting-renewal': 'the biller does not show the renewal already bought yet, so it was not bought again',
  'product-paused': 'sales of that provider were paused',
  refused: 'the purchase was refused',
} as const;

/** Verifying the phone with a texted code (/profile, the dashboard's prompt, and the server's answers). */
export const phoneMessages = {
  codeSent: 'we have texted a code to your phone',
  verified: 'your phone number is verified: we will text you the outcome of every payment',
  codeRequired: 'please enter the code we texted to your phone',
  alreadyVerified: 'your phone number is already verified',
} as const;
