import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { coolingOffWording } from '../../../core/coolingOff';
import * as labels from '../../../core/labels';
import type { Words } from '../../../core/i18n/words';
import { forgotPasswordMachine } from '../../machines/account/forgotPassword';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';
import { say, useT } from '../kit/language';
import { RichWords } from '../kit/RichWords';

/** What to do with the link, a sentence to a message. */
const SENT_HINT: readonly Words[] = [
  /*i18n*/ { id: 'auth.forgot.sent.open', message: 'Open it on this device to choose a new password.' },
  /*i18n*/ {
    id: 'auth.forgot.sent.spam',
    message: 'Nothing after a few minutes? Look in your spam folder, or send it again.',
  },
];

/** /forgot: ask for a reset link, then say where it went and offer to send it again. */
export default function ForgotScreen() {
  const t = useT();
  const actor = useFlow(forgotPasswordMachine);
  const email = useSelector(actor, (s) => s.context.form.email);
  const sentTo = useSelector(actor, (s) => s.context.sentTo);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  const submitAs = (type: 'forgot.submit' | 'forgot.resend') => (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type });
  };
  const backToLogin = (
    <p className="auth-links">
      {t(/*i18n*/ { id: 'auth.forgot.remembered', message: 'Remembered it?' })}{' '}
      <Link to="/login">{t(/*i18n*/ { id: 'auth.forgot.back', message: 'Back to log in' })}</Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthLayout
        title={t(/*i18n*/ { id: 'auth.forgot.sent.title', message: 'Check your e-mail' })}
        subtitle={
          <RichWords
            words={
              /*i18n*/ { id: 'auth.forgot.sent.subtitle', message: 'We sent a link to reset your password to {email}.' }
            }
            parts={{ email: <strong>{sentTo}</strong> }}
          />
        }
      >
        <p className="hint">{SENT_HINT.map((words) => t(words)).join(' ')}</p>
        <form className="form" onSubmit={submitAs('forgot.resend')}>
          <SubmitButton busy={busy}>{t(/*i18n*/ { id: 'auth.forgot.again', message: 'Send again' })}</SubmitButton>
        </form>
        <button
          type="button"
          className="btn btn-link btn-block"
          disabled={busy}
          onClick={() => actor.send({ type: 'forgot.edit' })}
        >
          {t(/*i18n*/ { id: 'auth.forgot.other', message: 'Use a different e-mail' })}
        </button>
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.forgot.title', message: 'Forgot your password?' })}
      subtitle={t(
        /*i18n*/ {
          id: 'auth.forgot.subtitle',
          message: 'Enter the e-mail you registered with and we will send you a link to reset it.',
        },
      )}
    >
      <p className="hint">
        {say(coolingOffWording())}{' '}
        {t(
          /*i18n*/ {
            id: 'auth.forgot.pinKept',
            message: 'A reset changes only your password: your transaction pin stays as it is.',
          },
        )}
      </p>
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submitAs('forgot.submit')}>
        <TextField
          label={t(/*i18n*/ { id: 'auth.email', message: 'Email' })}
          value={email}
          onValueChange={(value) => actor.send({ type: 'forgot.change', field: 'email', value })}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <SubmitButton busy={busy}>{t(labels.resetPassword)}</SubmitButton>
      </form>
      {backToLogin}
    </AuthLayout>
  );
}
