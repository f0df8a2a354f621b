// The words of identity checks and funding, in a module of their own (not core/messages.ts): a page then downloads
// only the words of the screens it shows.

/**
 * The identity and funding rules in the words the profile, /funding, the terms and the server's
 * refusals use (the CBN's rules: every funded wallet is linked to a verified BVN or NIN).
 */
export const identityMessages = {
  /** create-accounts, card top-ups and /funding without a verified identity. */
  identityRequired:
    'Verify your BVN or NIN first: the CBN requires every wallet to be linked to one before it can be ' +
    'funded. You can do it here or on your profile.',
  nameFrozen: 'your name is verified with your BVN or NIN and can only be changed by support',
  notTheVerifiedNumber: (label: string) => `this is not the ${label} you verified; contact support if it has changed`,
  tooManyChecksOnAccount: 'too many identity checks on this account today; please try again tomorrow',
  tooManyChecksOfNumber: 'this number has been checked too many times today; please try again tomorrow',
  bankAccountIncomplete: 'choose your bank and type your 10-digit account number, or leave both empty',
  bankAccountNeedsBvn: 'a bank account is only used with a BVN: Paystack matches the two',
  oneNumber: 'send one number: a BVN or a NIN',
  typeNumber: (label: string) => `please type your ${label}`,
  elevenDigits: (label: string) => `your ${label} has 11 digits`,
  /** A number is bound only with the date of birth on its record (services/identity.ts). */
  dateOfBirthRequired: 'please enter your date of birth, as on your BVN or NIN',
  dateOfBirthInvalid: 'please enter your date of birth as a real date: day, month and year',
} as const;

/** What /funding says about each partner's accounts. */
export const fundingMessages = {
  beingCreated: (partner: string) =>
    `${partner} is creating your account number. It usually takes a minute; this page updates by itself.`,
  partnerDown: (partner: string) =>
    `${partner} could not be reached when you verified. Type your BVN or NIN again to get this account ` +
    'number: we do not keep the number itself.',
  notAskedYet: (partner: string) =>
    `Type your BVN or NIN again so that ${partner} can open your account number: we do not keep the number itself.`,
  ready: (partner: string) => `Your ${partner} account numbers are listed above.`,
  noCardTopUps: 'Card top-ups are not available right now: fund your wallet by bank transfer.',
  cardAboveCap: (left: string) =>
    `your wallet can take ${left} more at your tier; verify more of your identity to raise it`,
  cardPaymentUnknown: 'we have no card payment with this reference',
  cardAmountRange: (min: string, max: string) => `enter an amount between ${min} and ${max}`,
} as const;
