import { useId } from 'react';
import { languageNames, languageReviews, LOCALES } from '../../../core/i18n/locales';
import { speak, useLanguage, useT } from './language';

/** The mark of a language no native speaker has reviewed yet (here and on /more). */
export const BETA = /*i18n*/ { id: 'account.language.beta', message: 'beta' };

/**
 * The language of the signed-out pages (the landing and login), before there is an account to
 * keep it: the choice is the app's at once, and its cookie asks the server for pages in it; a new
 * account takes it. Each language is named in itself, so that whoever reads it finds their own.
 */
export function LanguagePicker() {
  const t = useT();
  const locale = useLanguage();
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id}>{t(/*i18n*/ { id: 'language.picker', message: 'Language' })}</label>
      <select
        id={id}
        value={locale}
        // Offline with the catalogue not yet here: the page stays in its language, the choice shown as it was.
        onChange={(event) => void speak(event.target.value as typeof locale).catch(() => undefined)}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageNames[option].own}
            {languageReviews[option] === null && ` (${t(BETA)})`}
          </option>
        ))}
      </select>
    </div>
  );
}
