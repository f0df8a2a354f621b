import { isComplete } from './codes';
import { CHANGE_PIN_BOXES } from './limits';
import { messages } from './messages';

/**
 * The client-side rules of SPEC.md §5, one function per form. Each returns the message the
 * user sees for the first rule the form breaks, or null when it passes; rules are checked in
 * the order the table lists them.
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
}

/** NIN and BVN are optional (SPEC.md §5 requires only name and phone). */
export function validateProfile(form: ProfileForm): ValidationResult {
  return anyBlank(form.name, form.phone) ? messages.nameAndPhoneRequired : null;
}

export interface ChangePasswordForm {
  old_password: string;
  new_password: string;
  confirm_new_password: string;
}

export function validateChangePassword(form: ChangePasswordForm): ValidationResult {
  if (anyBlank(form.old_password, form.new_password, form.confirm_new_password)) return messages.allFormFieldsRequired;
  // Not in the §5 table: caught here so a typo costs no round trip; the register form's message says it.
  if (form.new_password !== form.confirm_new_password) return messages.passwordsMustMatch;
  return null;
}

/** Old pin, new pin and confirmation, one digit per box; whether the two new ones match is the server's to say. */
export function validateChangePin(code: readonly string[]): ValidationResult {
  return isComplete(code, CHANGE_PIN_BOXES) ? null : messages.allFormFieldsRequired;
}
