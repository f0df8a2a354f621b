import type { Wording } from '../../../core/i18n/words';

/**
 * What every form's client-side rules share (docs/product.md, "Client validation"). Each form's
 * function, in its feature's room, returns the message the user sees (words, said by the view in
 * the reader's language) for the first rule the form breaks, or null when it passes; rules are
 * checked in the order the table lists them. A form's rules live beside its feature so that a page
 * downloads only its own.
 */
export type ValidationResult = Wording | null;

/** "Required" means something other than whitespace. */
export const isBlank = (value: string) => value.trim() === '';
export const anyBlank = (...values: string[]) => values.some(isBlank);
