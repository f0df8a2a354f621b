// The words of scheduled purchases, in a module of their own (not core/messages.ts): a page then downloads
// only the words of the screens it shows.

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
  created: 'Schedule saved. We will remind you the day before each run.',
  updated: 'Schedule updated.',
  paused: 'Schedule paused.',
  resumed: 'Schedule resumed.',
  deleted: 'Schedule deleted.',
  priceAccepted: 'New price accepted.',
  authorised: 'Schedule authorised again.',
} as const;

/**
 * The timing and end rules both the form and the server's checks (server/routes/schedules.ts) hold
 * a schedule to, each said in the reader's language: one wording, whichever half finds the rule
 * broken.
 */
export const scheduleRules = {
  dateRequired: /*i18n*/ { id: 'schedule.rule.date', message: 'please choose the day it runs' },
  weekdayRequired: /*i18n*/ { id: 'schedule.rule.weekday', message: 'please choose the weekday it runs' },
  monthDayRequired: /*i18n*/ {
    id: 'schedule.rule.monthDay',
    message: 'please choose the day of the month it runs (1 to 31)',
  },
  daysBeforeRequired: /*i18n*/ {
    id: 'schedule.rule.daysBefore',
    message: 'please choose how many days before the due date to renew (0 to 14)',
  },
  timeRequired: /*i18n*/ { id: 'schedule.rule.time', message: 'please choose the time it runs' },
  endRunsRequired: /*i18n*/ {
    id: 'schedule.rule.endRuns',
    message: 'please say after how many runs it ends (1 to 1000)',
  },
  endDateRequired: /*i18n*/ { id: 'schedule.rule.endDate', message: 'please choose the day it ends' },
} as const;

/**
 * Why a scheduled run did not buy, in the user's words (ScheduleRunReason of core/contract.ts): said
 * by the server only, in the owner's language, so each is a message of the catalogues.
 */
export const scheduleRunReasons = {
  'insufficient-balance': /*i18n*/ {
    id: 'schedule.reason.insufficientBalance',
    message: 'your wallet balance was too low',
  },
  'daily-limit': /*i18n*/ {
    id: 'schedule.reason.dailyLimit',
    message: "it was above what your tier's daily limit had left that day",
  },
  'price-changed': /*i18n*/ {
    id: 'schedule.reason.priceChanged',
    message: 'the price rose above the amount you authorised',
  },
  'provider-unavailable': /*i18n*/ {
    id: 'schedule.reason.providerUnavailable',
    message: 'the provider was not answering',
  },
  'not-available': /*i18n*/ {
    id: 'schedule.reason.notAvailable',
    message: 'the provider or plan is no longer sold',
  },
  'customer-not-found': /*i18n*/ {
    id: 'schedule.reason.customerNotFound',
    message: 'the biller could not find the number',
  },
  'biller-failed': /*i18n*/ {
    id: 'schedule.reason.billerFailed',
    message: 'the biller could not complete it, and your wallet was refunded',
  },
  'pin-locked': /*i18n*/ {
    id: 'schedule.reason.pinLocked',
    message: 'purchases are locked after repeated wrong pins',
  },
  'account-locked': /*i18n*/ {
    id: 'schedule.reason.accountLocked',
    message: 'your account was locked after you reported a change you did not make',
  },
  missed: /*i18n*/ {
    id: 'schedule.reason.missed',
    message: 'our service was not running at the time, so nothing was bought',
  },
  'already-renewed': /*i18n*/ {
    id: 'schedule.reason.alreadyRenewed',
    message: 'the subscription had already been renewed',
  },
  'awaiting-renewal': /*i18n*/ {
    id: 'schedule.reason.awaitingRenewal',
    message: 'the biller does not show the renewal already bought yet, so it was not bought again',
  },
  'product-paused': /*i18n*/ {
    id: 'schedule.reason.productPaused',
    message: 'sales of that provider were paused',
  },
  refused: /*i18n*/ { id: 'schedule.reason.refused', message: 'the purchase was refused' },
} as const;
