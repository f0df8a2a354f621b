import { useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ProfileForm } from '../../domain/kit/identityForms';
import { profileMachine } from '../../machines/account/profile';
import { useRestored, useSession, useSessionSelector } from '../app/SessionContext';
import { useT } from '../kit/language';
import { useFlow } from '../kit/useFlow';
import { useShownLater } from '../kit/useShownLater';
import { AccountLayout } from './AccountLayout';
import { DateOfBirthField } from './DateOfBirthField';
import { IdNumberField } from './IdNumberField';
import { LimitsCard } from '../wallet/LimitsCard';
import { PhoneVerification } from './PhoneVerification';
import { PasskeysSection } from './PasskeysSection';
import { PhoneField } from '../kit/PhoneField';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';
import { splitAround } from './splitAround';

/** What the frame of the form shows: the page's HTML is rendered with no user. */
const NO_USER = {
  form: { name: '', phone: '', nin: '', bvn: '', date_of_birth: '' },
  saved: { nin: '', bvn: '' },
} as const;

/** A new NIN or BVN binds only with the date of birth and a phone its record has. */
const BIRTH_HINT = /*i18n*/ {
  id: 'account.profile.birthHint',
  message: 'Needed with a new NIN or BVN, as registered with it. Your phone number above must be on it too.',
};

/** The e-mail field is read-only, so it never reports an edit. */
const ignoreEdits = () => undefined;

/**
 * The profile's form, filled from the session's user when it opens. Drawn as a `frame` before
 * the stored user is read: its fields are disabled then, so nothing typed into them is lost when
 * the filled form takes their place.
 */
function ProfileForm({ frame }: { frame: boolean }) {
  const t = useT();
  // The machine fills its form from the session as it is when made: a fresh one once the stored
  // user is read, under the same form.
  const actor = useFlow(profileMachine, { session: useSession() }, frame ? 'frame' : 'user');
  const live = { form: useSelector(actor, (s) => s.context.form), saved: useSelector(actor, (s) => s.context.saved) };
  // The frame is drawn as the prerendered page was, with no user, whatever the session holds by
  // the time React hydrates it (its boundary may hydrate after the stored user was read, and the
  // machine fills its form from the session as it is when made).
  const { form, saved } = frame ? NO_USER : live;
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const email = useSessionSelector((s) => s.context.user.email);
  const emailHintId = useId();
  const nameHintId = useId();
  // The name a BVN or NIN was verified against is frozen: support changes it.
  const nameFrozen = saved.nin !== '' || saved.bvn !== '';

  const change = (field: keyof ProfileForm) => (value: string) => actor.send({ type: 'profile.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'profile.submit' });
  };

  return (
    <>
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form card account-form" noValidate onSubmit={submit}>
        <fieldset className="form-fields" disabled={frame}>
          <div className="field-with-hint">
            <TextField
              label={t(/*i18n*/ { id: 'account.profile.name', message: 'Full name' })}
              value={form.name}
              onValueChange={change('name')}
              autoComplete="name"
              readOnly={nameFrozen}
              aria-describedby={nameHintId}
            />
            <p id={nameHintId} className="hint">
              {nameFrozen
                ? t(
                    /*i18n*/ {
                      id: 'account.profile.nameFrozen',
                      message: 'Verified with your BVN or NIN; to change it, contact support.',
                    },
                  )
                : t(
                    /*i18n*/ {
                      id: 'account.profile.nameHint',
                      message: 'As on your BVN or NIN: the name must match when you verify them.',
                    },
                  )}
            </p>
          </div>
          <div className="field-with-hint">
            <TextField
              label={t(/*i18n*/ { id: 'account.profile.email', message: 'Email' })}
              value={email}
              onValueChange={ignoreEdits}
              type="email"
              readOnly
              aria-describedby={emailHintId}
            />
            <p id={emailHintId} className="hint">
              {t(
                /*i18n*/ {
                  id: 'account.profile.emailHint',
                  message: "You log in with this address; it can't be changed.",
                },
              )}
            </p>
          </div>
          <PhoneField value={form.phone} onValueChange={change('phone')} />
          <IdNumberField
            label={t(/*i18n*/ { id: 'account.id.ninLong', message: 'NIN (National Identification Number)' })}
            value={form.nin}
            saved={saved.nin}
            onValueChange={change('nin')}
          />
          <IdNumberField
            label={t(/*i18n*/ { id: 'account.id.bvnLong', message: 'BVN (Bank Verification Number)' })}
            value={form.bvn}
            saved={saved.bvn}
            onValueChange={change('bvn')}
          />
          {/* Nothing left to verify once both are: the date only proves a number typed. */}
          {(saved.nin === '' || saved.bvn === '') && (
            <DateOfBirthField value={form.date_of_birth} onValueChange={change('date_of_birth')} hint={t(BIRTH_HINT)} />
          )}
          <SubmitButton busy={busy}>{t(/*i18n*/ { id: 'account.profile.save', message: 'Save' })}</SubmitButton>
        </fieldset>
      </form>
    </>
  );
}

/**
 * Whether the phone on file is verified, and when not, its code's steps: asked for at once when the
 * phone was just saved here (a new phone gets its code without another press), else on "Send code".
 * Nothing until the server has said (the prerendered page and the stored user do not know).
 */
function PhoneStatus() {
  const t = useT();
  const phone = useSessionSelector((s) => s.context.user.phone);
  const verified = useSessionSelector((s) => s.context.user.phone_verified);
  // The phone as the screen opened with it: a different one was saved here since.
  const [opened] = useState(phone);
  if (verified === null || phone === '') return null;
  const [before, after] = splitAround((slot) =>
    t(
      /*i18n*/ {
        id: 'account.phone.verified',
        message: '{phone} is verified: we text it the outcome of every payment and funding.',
      },
      { phone: slot },
    ),
  );
  return (
    <section className="card account-form phone-status" aria-labelledby="phone-status-title">
      <h2 id="phone-status-title" className="section-heading">
        {t(/*i18n*/ { id: 'account.phone.title', message: 'Texts to your phone' })}
      </h2>
      {verified ? (
        <p className="hint">
          {before}
          <strong className="hint-address">{phone}</strong>
          {after}
        </p>
      ) : (
        <>
          <p className="hint">
            {t(
              /*i18n*/ {
                id: 'account.phone.verify',
                message: 'Verify your phone number to get a text for every payment and funding.',
              },
            )}
          </p>
          <PhoneVerification key={phone} sendAtOnce={phone !== opened} />
        </>
      )}
    </section>
  );
}

/** /profile: the wallet's limits, name, phone, NIN and BVN (the e-mail read-only), then the phone's verification. */
export default function ProfileScreen() {
  // The form is filled from the stored user, read once the prerendered frame is hydrated: the
  // empty form of that frame is filled in place.
  const restored = useRestored();
  // The phone's and the passkeys' sections, each with a machine to start, open a task after the
  // filled form and a task apart: all three in the one task would keep a slow phone busy.
  const phoneShown = useShownLater(restored, 1);
  const passkeysShown = useShownLater(restored, 2);
  const t = useT();
  return (
    <AccountLayout
      title={t(/*i18n*/ { id: 'account.profile.title', message: 'Profile' })}
      subtitle={t(
        /*i18n*/ {
          id: 'account.profile.subtitle',
          message:
            'Verify your BVN or NIN to fund your wallet and raise its limits. We keep only their last four digits.',
        },
      )}
    >
      <LimitsCard />
      <ProfileForm frame={!restored} />
      {phoneShown && <PhoneStatus />}
      {passkeysShown && <PasskeysSection />}
    </AccountLayout>
  );
}
