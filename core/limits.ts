/** Business constants and limits, one place each (their meanings: docs/product.md, "Constants and limits"). */
export const POLL_INTERVAL_MS = 60_000;
export const OTP_RESEND_COUNTDOWN_S = 59;
export const OTP_LENGTH = 4;
/** Digits of the code texted to verify a phone. */
export const PHONE_CODE_LENGTH = 6;
export const PIN_LENGTH = 4;
export const SET_PIN_BOXES = 2 * PIN_LENGTH;
export const CHANGE_PIN_BOXES = 3 * PIN_LENGTH;
export const ACTIVITIES_PAGE_SIZE = 10;
export const DEFAULT_PAGINATION = 5;
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_TENANT = '0';
export const ID_NUMBER_MAX_LENGTH = 11; // phone, NIN and BVN
export const TOAST_AUTO_CLOSE_MS = 5_000;
export const MINIMUM_AGE = 18;
export const DEVICE = 'web';
// A product (one provider of one service) is paused when its biller fails past these, counted over
// every replica's pay calls in the database (server/services/purchases/productPauses.ts).
export const PRODUCT_HEALTH_WINDOW_MS = 5 * 60_000;
export const PRODUCT_PAUSE_FAILURE_SHARE = 0.5;
export const PRODUCT_PAUSE_MIN_CALLS = 10;
export const PRODUCT_PAUSE_MIN_CUSTOMERS = 5;
export const PRODUCT_PAUSE_COOL_DOWN_MS = 5 * 60_000;
export const PRODUCT_PAUSE_STAFF_RETRY_AFTER_S = 15 * 60;
