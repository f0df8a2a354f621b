import { useId, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { registerMachine, type RegisterTextField } from '../../machines/account/register';
import { useFlow } from '../kit/useFlow';
import { useSession } from '../app/SessionContext';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from '../kit/PasswordField';
import { PhoneField } from '../kit/PhoneField';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';

/** /register: the account form, its bot check, then /verify-email. */
export default function RegisterScreen() {
  const actor = useFlow(registerMachine, { session: useSession() });
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const termsId = useId();

  const change = (field: RegisterTextField) => (value: string) => actor.send({ type: 'register.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'register.submit' });
  };

  return (
    <AuthLayout title="Create your account" subtitle="Buy airtime, data and more, and pay your bills from one wallet.">
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <TextField label="Full name" value={form.name} onValueChange={change('name')} autoComplete="name" />
        <TextField
          label="Email"
          value={form.email}
          onValueChange={change('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <PhoneField value={form.phone} onValueChange={change('phone')} />
        <PasswordField
          label="Password"
          value={form.password}
          onValueChange={change('password')}
          autoComplete="new-password"
        />
        <PasswordField
          label="Confirm password"
          value={form.confirm_password}
          onValueChange={change('confirm_password')}
          autoComplete="new-password"
        />
        <div className="checkbox-row">
          <input
            id={termsId}
            type="checkbox"
            checked={form.terms}
            onChange={(e) => actor.send({ type: 'register.terms', accepted: e.target.checked })}
          />
          <label htmlFor={termsId}>
            I accept the <Link to="/terms">Terms of Service</Link> and the <Link to="/policy">Privacy Policy</Link>
          </label>
        </div>
        <SubmitButton busy={busy}>Create account</SubmitButton>
      </form>
      <p className="auth-links">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthLayout>
  );
}
