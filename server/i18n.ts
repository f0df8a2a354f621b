import { compileMessage } from '@lingui/message-utils/compileMessage';
import { messages as en } from '../core/i18n/catalogues/en';
import { messages as ha } from '../core/i18n/catalogues/ha';
import { messages as ig } from '../core/i18n/catalogues/ig';
import { messages as pcm } from '../core/i18n/catalogues/pcm';
import { messages as yo } from '../core/i18n/catalogues/yo';
import { DEFAULT_LOCALE, type Locale } from '../core/i18n/locales';
import { counted } from '../core/i18n/plurals';
import { createTranslator } from '../core/i18n/words';
import { currentContext, requestIdFrom, runInContext } from './http/requestContext';

/**
 * What the server says to a customer (its answers' `message`, e-mails, texts, notifications), in
 * the language of the work it runs in: the request's context carries it (http/requestContext.ts).
 * Every language's catalogue is loaded at start; a message a catalogue lacks is said in English.
 * The server compiles an English text the first time it says it (the app's build compiles its own).
 */
const translator = createTranslator(() => currentContext()?.locale ?? DEFAULT_LOCALE, compileMessage);
for (const [locale, messages] of Object.entries({ en, pcm, ha, yo, ig })) translator.load(locale as Locale, messages);

export const t = translator.t;

/** The language the running work speaks: its request's, or the one a job runs in (inLocale). */
export const currentLocale = (): Locale => currentContext()?.locale ?? DEFAULT_LOCALE;

/**
 * Runs `work` speaking `locale`: a job's message to an account in the account's language, or a
 * message to someone other than the caller (an e-mail to another customer) in theirs.
 */
export function inLocale<T>(locale: Locale, work: () => T): T {
  const context = currentContext();
  return runInContext({ requestId: context?.requestId ?? requestIdFrom(undefined), ...context, locale }, work);
}

export type DurationUnit = 'day' | 'hour' | 'minute' | 'second';

const DURATION = /*i18n*/ {
  id: 'wait.duration',
  message:
    '{unit, select, day {{count_plural, select, one {{count} day} other {{count} days}}} hour {{count_plural, select, one {{count} hour} other {{count} hours}}} minute {{count_plural, select, one {{count} minute} other {{count} minutes}}} other {{count_plural, select, one {{count} second} other {{count} seconds}}}}',
};

/** A wait as a whole count of one unit ("1 minute", "30 seconds"), in the language of the work. */
export function sayDuration(count: number, unit: DurationUnit): string {
  return t(DURATION, { unit, ...counted(currentLocale(), 'count', count) });
}
