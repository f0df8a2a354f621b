import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { languageNames, languageReviews, LOCALES } from '../../../core/i18n/locales';
import { languageSettingMachine } from '../../machines/account/languageSetting';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { useFlow } from '../kit/useFlow';

/**
 * /more's language: the account's own, which its e-mails and texts are written in. Each language
 * is named in itself (with its `lang`, so a screen reader says it in that language) and in
 * English; one no native speaker has reviewed yet is marked beta. The app's own screens are in
 * English for now, and the card says so rather than let a choice seem to do nothing.
 */
export function LanguageSetting() {
  const session = useSession();
  const actor = useFlow(languageSettingMachine, { session });
  const shown = useSelector(actor, (snapshot) => snapshot.context.shown);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const onFile = useSessionSelector((snapshot) => snapshot.context.user.language);
  const chosen = shown ?? onFile;
  const ids = { name: useId(), hint: useId() };
  return (
    <fieldset className="card language-setting" aria-describedby={ids.hint} aria-busy={saving}>
      <legend className="language-title">Language</legend>
      <p id={ids.hint} className="hint">
        Your e-mails and text messages are written in it, on every device. The app’s screens are in English for now.
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
              {languageNames[locale].own !== languageNames[locale].english && ` (${languageNames[locale].english})`}
            </span>
            {languageReviews[locale] === null && <span className="language-beta">beta</span>}
          </label>
        ))}
      </div>
      <p className="hint" role="status">
        {saving ? 'Saving…' : ''}
      </p>
    </fieldset>
  );
}
