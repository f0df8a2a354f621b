import { isComplete } from '../account/codes';
import { isDateOfBirth } from '../../../core/days';
import { CHANGE_PIN_BOXES, OTP_LENGTH, SET_PIN_BOXES } from '../../../core/limits';
import { fundingMessages, identityMessages, messages } from '../../../core/messages';
import { formatNaira, nairaToKobo } from '../../../core/money';
import type { Pricing } from '../../../core/services';

/**
 * The client-side rules (docs/product.md, "Client validation"), one function per form. Each returns
 * the message the user sees for the first rule the form breaks, or null when it passes; rules are
 * checked in the order the table lists them.
 */
export type ValidationResult = string | null;

/** "Required" means something other than whitespace. */
const isBlank = (value: string) => value.trim() === '';
const anyBlank = (...values: string[]) => values.some(isBlank);

export interface RegisterForm {
  name: string;
  email: string;
  phone: string;
  password: string;
  confirm_password: string;
  terms: boolean;
}

export function validateRegister(form: RegisterForm): ValidationResult {
  if (anyBlank(form.name, form.email, form.phone, form.password, form.confirm_password)) return messages.fillForm;
  if (form.password !== form.confirm_password) return messages.passwordsMustMatch;
  if (!form.terms) return messages.acceptTerms;
  return null;
}

export interface LoginForm {
  email: string;
  password: string;
}

export function validateLogin(form: LoginForm): ValidationResult {
  return anyBlank(form.email, form.password) ? messages.fillForm : null;
}

export interface ForgotForm {
  email: string;
}

export function validateForgot(form: ForgotForm): ValidationResult {
  return isBlank(form.email) ? messages.enterEmail : null;
}

export interface ResetForm {
  new_password: string;
  confirm_new_password: string;
}

export function validateReset(form: ResetForm): ValidationResult {
  if (anyBlank(form.new_password, form.confirm_new_password)) return messages.enterNewPassword;
  if (form.new_password !== form.confirm_new_password) return messages.passwordMismatch;
  return null;
}

export interface ProfileForm {
  name: string;
  phone: string;
  nin: string;
  bvn: string;
  /** YYYY-MM-DD (a date input's value): proves a NIN or BVN typed beside it. */
  date_of_birth: string;
}

/**
 * A NIN or BVN typed is bound only with the holder's date of birth (the server compares it with
 * the record's); one typed with no number is still checked to be a date, as the server does.
 */
function dateOfBirthProblem(dateOfBirth: string, numberTyped: boolean): ValidationResult {
  if (isBlank(dateOfBirth)) return numberTyped ? identityMessages.dateOfBirthRequired : null;
  return isDateOfBirth(dateOfBirth.trim()) ? null : identityMessages.dateOfBirthInvalid;
}

/** NIN and BVN are optional: only name and phone are required, and a date of birth with a number. */
export function validateProfile(form: ProfileForm): ValidationResult {
  if (anyBlank(form.name, form.phone)) return messages.nameAndPhoneRequired;
  return dateOfBirthProblem(form.date_of_birth, !anyBlank(form.nin) || !anyBlank(form.bvn));
}

export interface ChangePasswordForm {
  old_password: string;
  new_password: string;
  confirm_new_password: string;
}

export function validateChangePassword(form: ChangePasswordForm): ValidationResult {
  if (anyBlank(form.old_password, form.new_password, form.confirm_new_password)) return messages.allFormFieldsRequired;
  // Not among the rules the product was specified with: caught here so a typo costs no round
  // trip; the register form's message says it.
  if (form.new_password !== form.confirm_new_password) return messages.passwordsMustMatch;
  return null;
}

/** Old pin, new pin and confirmation, one digit per box; whether the two new ones match is the server's to say. */
export function validateChangePin(code: readonly string[]): ValidationResult {
  return isComplete(code, CHANGE_PIN_BOXES) ? null : messages.allFormFieldsRequired;
}

/** /reset-pin ("Forgot pin?"): the e-mailed code, the account password, the new pin and its confirmation. */
export interface ResetPinForm {
  otp: string[];
  password: string;
  /** New pin then confirmation, one digit per box. */
  pins: string[];
}

/** Every field filled, as at set-pin and change-pin; the code, the password and the match are the server's to check. */
export function validateResetPin(form: ResetPinForm): ValidationResult {
  return isComplete(form.otp, OTP_LENGTH) && !isBlank(form.password) && isComplete(form.pins, SET_PIN_BOXES)
    ? null
    : messages.allFormFieldsRequired;
}

/** A service screen's purchase form; select values are the chosen ids as text, '' when none. */
export interface PurchaseForm {
  providerId: string;
  planId: string;
  beneficiary: string;
  amount: string;
}

/** Naira typed by the user: a positive number with at most two decimals. */
const isNairaAmount = (value: string) => /^\d+(\.\d{1,2})?$/.test(value.trim()) && Number(value) > 0;

/**
 * The six service screens: provider and beneficiary always; then the plan for
 * plan-based services (internet, cable, education, whose amount is the plan's) or the amount
 * for amount-based ones (airtime, electricity, betting). An amount that is no amount of naira
 * counts as missing: the table has one message for these screens.
 */
export function validatePurchase(form: PurchaseForm, pricing: Pricing['kind']): ValidationResult {
  if (anyBlank(form.providerId, form.beneficiary)) return messages.allFieldsRequired;
  if (pricing === 'plan') return isBlank(form.planId) ? messages.allFieldsRequired : null;
  return isNairaAmount(form.amount) ? null : messages.allFieldsRequired;
}

export interface IdentityForm {
  kind: 'bvn' | 'nin';
  /** The 11 digits typed: a secret by its name, wherever the form is shown (the inspector masks it). */
  bvn_or_nin: string;
  /** YYYY-MM-DD (a date input's value): the one on the number's record. */
  date_of_birth: string;
  /** The user's own bank account, with a BVN, for Paystack: both or neither. */
  bank_code: string;
  bank_account_number: string;
}

const LABEL = { bvn: 'BVN', nin: 'NIN' } as const;

/**
 * The verification /funding offers: an 11-digit number with the holder's date of birth, and a bank
 * account only whole and only with a BVN.
 */
export function validateIdentity(form: IdentityForm): ValidationResult {
  const label = LABEL[form.kind];
  if (isBlank(form.bvn_or_nin)) return identityMessages.typeNumber(label);
  if (!/^\d{11}$/.test(form.bvn_or_nin.trim())) return identityMessages.elevenDigits(label);
  const dateOfBirth = dateOfBirthProblem(form.date_of_birth, true);
  if (dateOfBirth) return dateOfBirth;
  const code = form.bank_code.trim();
  const account = form.bank_account_number.trim();
  if (code === '' && account === '') return null;
  if (code === '' || !/^\d{10}$/.test(account)) return identityMessages.bankAccountIncomplete;
  if (form.kind !== 'bvn') return identityMessages.bankAccountNeedsBvn;
  return null;
}

/** A card top-up's amount: naira with at most two decimals, within what the server allows now. */
export function validateCardAmount(amount: string, limits: { min: number; max: number }): ValidationResult {
  const kobo = nairaToKobo(amount);
  const range = fundingMessages.cardAmountRange(formatNaira(limits.min), formatNaira(limits.max));
  if (kobo === null || kobo < BigInt(Math.round(limits.min * 100)) || kobo > BigInt(Math.round(limits.max * 100)))
    return range;
  return null;
}
