import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { coolingOffNotice } from '../../../core/coolingOff';
import { labels } from '../../../core/messages';
import { forgotPasswordMachine } from '../../machines/account/forgotPassword';
import { useFlow } from '../kit/useFlow';
import { AuthLayout } from './AuthLayout';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';

/** /forgot: ask for a reset link, then say where it went and offer to send it again. */
export default function ForgotScreen() {
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
      Remembered it? <Link to="/login">Back to log in</Link>
    </p>
  );

  if (sentTo) {
    return (
      <AuthLayout
        title="Check your e-mail"
        subtitle={
          <>
            We sent a link to reset your password to <strong>{sentTo}</strong>.
          </>
        }
      >
        <p className="hint">
          Open it on this device to choose a new password. Nothing after a few minutes? Look in your spam folder, or
          send it again.
        </p>
        <form className="form" onSubmit={submitAs('forgot.resend')}>
          <SubmitButton busy={busy}>Send again</SubmitButton>
        </form>
        <button
          type="button"
          className="btn btn-link btn-block"
          disabled={busy}
          onClick={() => actor.send({ type: 'forgot.edit' })}
        >
          Use a different e-mail
        </button>
        {backToLogin}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the e-mail you registered with and we will send you a link to reset it."
    >
      <p className="hint">
        {coolingOffNotice()} A reset changes only your password: your transaction pin stays as it is.
      </p>
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submitAs('forgot.submit')}>
        <TextField
          label="Email"
          value={email}
          onValueChange={(value) => actor.send({ type: 'forgot.change', field: 'email', value })}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <SubmitButton busy={busy}>{labels.resetPassword}</SubmitButton>
      </form>
      {backToLogin}
    </AuthLayout>
  );
}
