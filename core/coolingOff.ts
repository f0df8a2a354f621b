import type { Wording } from './i18n/words';
import { formatNaira, koboToNaira } from './money';

/**
 * The cooling-off after a credential is reset or a new device signs in: for COOLING_OFF_HOURS,
 * purchases may add up to COOLING_OFF_ALLOWANCE_KOBO at most. Someone who took over the inbox
 * (a password reset) or learnt the password (a new device) then has a day in which the owner,
 * e-mailed at once, can stop them, and can spend little meanwhile. The one home of these
 * figures: the server applies them and the screens that lead to a reset announce them.
 */
export const COOLING_OFF_HOURS = 24;
export const COOLING_OFF_ALLOWANCE_KOBO = 500_000n;

/**
 * What the screens say before a reset ("purchases above ₦5,000.00 wait 24 hours"), as words for a
 * screen to say in its reader's language.
 */
export const coolingOffWording = (): Wording => ({
  words: /*i18n*/ {
    id: 'coolingOff.notice',
    message: 'For your security, after a reset, purchases above {amount} in total wait {hours} hours.',
  },
  values: { amount: formatNaira(koboToNaira(COOLING_OFF_ALLOWANCE_KOBO)), hours: String(COOLING_OFF_HOURS) },
});
