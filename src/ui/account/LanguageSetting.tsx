import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { languageNames, languageReviews, LOCALES, type Locale } from '../../../core/i18n/locales';
import type { Words } from '../../../core/i18n/words';
import { languageSettingMachine } from '../../machines/account/languageSetting';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { useT } from '../kit/language';
import { useFlow } from '../kit/useFlow';
import { BETA } from '../kit/LanguagePicker';

/** Each language as the reader's own language names it, beside its name in itself. */
const NAMES: Readonly<Record<Locale, Words>> = {
  en: /*i18n*/ { id: 'account.language.en', message: 'English' },
  pcm: /*i18n*/ { id: 'account.language.pcm', message: 'Nigerian Pidgin' },
  ha: /*i18n*/ { id: 'account.language.ha', message: 'Hausa' },
  yo: /*i18n*/ { id: 'account.language.yo', message: 'Yoruba' },
  ig: /*i18n*/ { id: 'account.language.ig', message: 'Igbo' },
};

/**
 * /more's language: the account's own, which the app (the session speaks it, on every device), its
 * e-mails and its texts are in. Each language is named in itself (with its `lang`, so a screen
 * reader says it in that language) and in the language the app speaks; one no native speaker has
 * reviewed yet is marked beta.
 */
export function LanguageSetting() {
  const t = useT();
  const session = useSession();
  const actor = useFlow(languageSettingMachine, { session });
  const shown = useSelector(actor, (snapshot) => snapshot.context.shown);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const onFile = useSessionSelector((snapshot) => snapshot.context.user.language);
  const chosen = shown ?? onFile;
  const ids = { name: useId(), hint: useId() };
  return (
    <fieldset className="card language-setting" aria-describedby={ids.hint} aria-busy={saving}>
      <legend className="language-title">{t(/*i18n*/ { id: 'account.language.title', message: 'Language' })}</legend>
      <p id={ids.hint} className="hint">
        {t(
          /*i18n*/ {
            id: 'account.language.hint',
            message: 'The app, your e-mails and your text messages are in it, on every device.',
          },
        )}
      </p>
      <div className="language-choices">
        {LOCALES.map((locale) => (
          <label key={locale} className="choice">
            <input
              type="radio"
              name={ids.name}
              value={locale}
              checked={chosen === locale}
              onChange={() => actor.send({ type: 'language.choose', language: locale })}
            />
            <span>
              <span lang={locale}>{languageNames[locale].own}</span>
              {languageNames[locale].own !== t(NAMES[locale]) && ` (${t(NAMES[locale])})`}
            </span>
            {languageReviews[locale] === null && <span className="language-beta">{t(BETA)}</span>}
          </label>
        ))}
      </div>
      <p className="hint" role="status">
        {saving ? t(/*i18n*/ { id: 'account.language.saving', message: 'Saving…' }) : ''}
      </p>
    </fieldset>
  );
}
