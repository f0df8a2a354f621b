import type { Words } from './i18n/words';

/**
 * Every user-visible message the product was specified with, verbatim — typos included, since the
 * product keeps that wording — so they can be corrected or translated in one place. Nothing else in
 * the code base types these strings. Each is words for the translator: the app says them in the
 * reader's language (`t`), the server in the request's (server/i18n.ts). The app's build hands a
 * compiled form in `message`'s place, so app code never reads it; the server and the tests may.
 *
 * Each is an export of its own, read as `messages.name` through `import * as messages`: the build
 * keeps only the messages some screen says. The module goes whole into one chunk, which the first
 * pages download: a message only later screens say can live beside their words instead
 * (core/words/clipboard.ts).
 */

// Client validation
export const fillForm: Words = /*i18n*/ { id: 'form.fillForm', message: 'please fill or forms to continue' };
export const passwordsMustMatch: Words = /*i18n*/ {
  id: 'form.passwordsMatch',
  message: 'password and confirm password must match',
};
export const acceptTerms: Words = /*i18n*/ {
  id: 'form.acceptTerms',
  message: 'please accept our terms of service ad privacy policy',
};
export const enterEmail: Words = /*i18n*/ { id: 'form.enterEmail', message: 'please enter your email' };
export const enterNewPassword: Words = /*i18n*/ {
  id: 'form.enterNewPassword',
  message: 'please enter your new password',
};
export const passwordMismatch: Words = /*i18n*/ { id: 'form.passwordMismatch', message: 'password mismatch' };
export const enterOtp: Words = /*i18n*/ { id: 'form.enterOtp', message: 'please enter the otp sent to your email' };
export const allFormFieldsRequired: Words = /*i18n*/ {
  id: 'form.allFormFields',
  message: 'all form fields are required',
};
export const nameAndPhoneRequired: Words = /*i18n*/ {
  id: 'form.nameAndPhone',
  message: 'name and phone field are required',
};
export const allFieldsRequired: Words = /*i18n*/ { id: 'buy.required', message: 'all fields are required' };
export const pinNotCorrect: Words = /*i18n*/ { id: 'pinDialog.wrongPin', message: 'transaction pin not correct' };

// Bot check, logout, notifications (the copy button's: core/words/clipboard.ts)
export const botCheckFailed: Words = /*i18n*/ {
  id: 'human.failed',
  message: 'something went wrong, please allow the site to finish loading before clicking',
};
export const confirmLogout: Words = /*i18n*/ {
  id: 'menu.logout.confirm',
  message: 'are you sure you want to logout of the system ? ',
};
export const noNotifications: Words = /*i18n*/ { id: 'notifications.none', message: 'No notifications' };

// The resend wait (answered by the server): `seconds` is a whole number, as text
export const resendIn: Words = /*i18n*/ {
  id: 'otp.resendIn',
  message: 'you will be able to resend otp in about {seconds} seconds',
};
