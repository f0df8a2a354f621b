/** Report a problem: what the app offers and the server accepts, one list for both. */

export const PROBLEM_REASONS = [
  // Short enough to read whole in a select at 360 px.
  { key: 'not-received', label: 'Charged but not received' },
  { key: 'still-processing', label: 'Processing for too long' },
  { key: 'token-not-working', label: 'Token or pin does not work' },
  { key: 'wrong-beneficiary', label: 'Went to the wrong number' },
  { key: 'wrong-amount', label: 'Wrong amount' },
  { key: 'other', label: 'Something else' },
] as const;

export type ProblemReason = (typeof PROBLEM_REASONS)[number]['key'];

export const PROBLEM_REASON_KEYS = PROBLEM_REASONS.map((reason) => reason.key) as [ProblemReason, ...ProblemReason[]];

export const problemReasonLabel = (key: string): string =>
  PROBLEM_REASONS.find((reason) => reason.key === key)?.label ?? key;

/** A note is optional; this is room for what happened, not for a document. */
export const PROBLEM_NOTE_MAX_LENGTH = 1000;

/** How a case's status reads on the transaction. */
export const PROBLEM_STATUS_LABELS = { open: 'Open', 'in-review': 'In review', resolved: 'Resolved' } as const;
