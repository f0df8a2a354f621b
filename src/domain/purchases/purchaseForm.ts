import * as messages from '../../../core/messages';
import type { Pricing } from '../../../core/services';
import { anyBlank, isBlank, type ValidationResult } from '../kit/validation';

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
