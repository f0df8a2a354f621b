import { isComplete } from './codes';
import { CHANGE_PIN_BOXES, OTP_LENGTH, SET_PIN_BOXES } from '../../../core/limits';
import * as messages from '../../../core/messages';
import { anyBlank, isBlank, type ValidationResult } from '../kit/validation';

/** The account forms' rules (docs/product.md, "Client validation"): signing up and in, passwords and pins. */

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
