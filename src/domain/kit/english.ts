import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createTranslator, type Say } from '../../../core/i18n/words';

/**
 * The message compiler where the app's English reaches the translator as ICU text: development and
 * the tests. A production build has compiled every message beforehand (scripts/compileWords.ts),
 * and this constant is false there, so the compiler is left out of the bundle.
 */
export const compileInDevelopment = import.meta.env.DEV ? compileMessage : undefined;

/** The product's English: what the terms say (English in every language), and a caller with no reader's language. */
export const inEnglish: Say = createTranslator(() => 'en', compileInDevelopment).t;
