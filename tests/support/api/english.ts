import type { Values, Words } from '../../../core/i18n/words';
import { inLocale, t } from '../../../server/i18n';

/** Words as the server says them to an English reader, their placeholders filled: what an English account is answered. */
export const english = (words: Words, values?: Values): string => inLocale('en', () => t(words, values));
