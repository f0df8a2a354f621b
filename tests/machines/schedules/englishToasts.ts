import { expect } from 'vitest';
import type { Words } from '../../../core/i18n/words';
import { say } from '../../../src/ui/kit/language';

const isWords = (value: unknown): value is Words =>
  typeof value === 'object' && value !== null && 'id' in value && 'message' in value;

/**
 * A toast the flow says in words (the app's own, in the reader's language) is asserted on its
 * English text, as the product's wording writes it: the words and the English text are equal when
 * the words say that text in English (the app's language in the tests).
 */
expect.addEqualityTesters([
  function saysInEnglish(a: unknown, b: unknown) {
    if (isWords(a) && typeof b === 'string') return say(a) === b;
    if (typeof a === 'string' && isWords(b)) return a === say(b);
    return undefined;
  },
]);
