// The words of identity checks and funding, in a module of their own (not core/messages.ts): a page then downloads
// only the words of the screens it shows.
import type { Words } from '../i18n/words';

/**
 * The identity and funding rules in the words the profile, /funding, the terms and the server's
 * refusals use (the CBN's rules: every funded wallet is linked to a verified BVN or NIN). Each is
 * words for the translator: the app says them in the reader's language, the server in the
 * request's. `{kind}` is "BVN" or "NIN", the same in every language.
 */
export const identityMessages = {
  /** create-accounts, card top-ups and /funding without a verified identity. */
  identityRequired: /*i18n*/ {
    id: 'funding.verify.why',
    message:
      'Verify your BVN or NIN first: the CBN requires every wallet to be linked to one before it can be funded. You can do it here or on your profile.',
  },
  nameFrozen: /*i18n*/ {
    id: 'identity.refused.nameFrozen',
    message: 'your name is verified with your BVN or NIN and can only be changed by support',
  },
  notTheVerifiedNumber: /*i18n*/ {
    id: 'identity.refused.notTheVerified',
    message: 'this is not the {kind} you verified; contact support if it has changed',
  },
  tooManyChecksOnAccount: /*i18n*/ {
    id: 'identity.refused.tooManyOnAccount',
    message: 'too many identity checks on this account today; please try again tomorrow',
  },
  tooManyChecksOfNumber: /*i18n*/ {
    id: 'identity.refused.tooManyOfNumber',
    message: 'this number has been checked too many times today; please try again tomorrow',
  },
  bankAccountIncomplete: /*i18n*/ {
    id: 'identity.rule.bankAccount',
    message: 'choose your bank and type your 10-digit account number, or leave both empty',
  },
  bankAccountNeedsBvn: /*i18n*/ {
    id: 'identity.rule.bankNeedsBvn',
    message: 'a bank account is only used with a BVN: Paystack matches the two',
  },
  oneNumber: /*i18n*/ { id: 'identity.rule.oneNumber', message: 'send one number: a BVN or a NIN' },
  typeNumber: /*i18n*/ { id: 'identity.rule.typeNumber', message: 'please type your {kind}' },
  elevenDigits: /*i18n*/ { id: 'identity.rule.elevenDigits', message: 'your {kind} has 11 digits' },
  /** A number is bound only with the date of birth on its record (services/identity.ts). */
  dateOfBirthRequired: /*i18n*/ {
    id: 'identity.rule.birthRequired',
    message: 'please enter your date of birth, as on your BVN or NIN',
  },
  dateOfBirthInvalid: /*i18n*/ {
    id: 'identity.rule.birthInvalid',
    message: 'please enter your date of birth as a real date: day, month and year',
  },
} satisfies Record<string, Words>;

/** What /funding says about each partner's accounts (`{partner}`: the partner's name, as it writes it). */
export const fundingMessages = {
  beingCreated: /*i18n*/ {
    id: 'funding.partner.creating',
    message: '{partner} is creating your account number. It usually takes a minute; this page updates by itself.',
  },
  partnerDown: /*i18n*/ {
    id: 'funding.partner.down',
    message:
      '{partner} could not be reached when you verified. Type your BVN or NIN again to get this account number: we do not keep the number itself.',
  },
  notAskedYet: /*i18n*/ {
    id: 'funding.partner.notAsked',
    message:
      'Type your BVN or NIN again so that {partner} can open your account number: we do not keep the number itself.',
  },
  ready: /*i18n*/ { id: 'funding.partner.ready', message: 'Your {partner} account numbers are listed above.' },
  noCardTopUps: /*i18n*/ {
    id: 'funding.card.none',
    message: 'Card top-ups are not available right now: fund your wallet by bank transfer.',
  },
  cardAboveCap: /*i18n*/ {
    id: 'funding.card.aboveCap',
    message: 'your wallet can take {left} more at your tier; verify more of your identity to raise it',
  },
  cardPaymentUnknown: /*i18n*/ { id: 'funding.card.unknown', message: 'we have no card payment with this reference' },
  /** `{min}` and `{max}`: naira amounts, written as money is everywhere. */
  cardAmountRange: /*i18n*/ { id: 'funding.card.range', message: 'enter an amount between {min} and {max}' },
} satisfies Record<string, Words>;
