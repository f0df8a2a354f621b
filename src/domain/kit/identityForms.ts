import { isDateOfBirth } from '../../../core/days';
import * as messages from '../../../core/messages';
import { identityMessages } from '../../../core/words/identity';
import { anyBlank, isBlank, type ValidationResult } from './validation';

/**
 * The rules of the forms that take a NIN or BVN (docs/product.md, "Client validation"): the
 * profile's and the one /funding offers, shown by both the account's pages and the wallet's.
 */

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
  if (isBlank(form.bvn_or_nin)) return { words: identityMessages.typeNumber, values: { kind: label } };
  if (!/^\d{11}$/.test(form.bvn_or_nin.trim()))
    return { words: identityMessages.elevenDigits, values: { kind: label } };
  const dateOfBirth = dateOfBirthProblem(form.date_of_birth, true);
  if (dateOfBirth) return dateOfBirth;
  const code = form.bank_code.trim();
  const account = form.bank_account_number.trim();
  if (code === '' && account === '') return null;
  if (code === '' || !/^\d{10}$/.test(account)) return identityMessages.bankAccountIncomplete;
  if (form.kind !== 'bvn') return identityMessages.bankAccountNeedsBvn;
  return null;
}
