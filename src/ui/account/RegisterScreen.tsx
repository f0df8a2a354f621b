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
import { useT } from '../kit/language';
import { RichWords } from '../kit/RichWords';

/** /register: the account form, its bot check, then /verify-email. */
export default function RegisterScreen() {
  const t = useT();
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
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.register.title', message: 'Create your account' })}
      subtitle={t(
        /*i18n*/ {
          id: 'auth.register.subtitle',
          message: 'Buy airtime, data and more, and pay your bills from one wallet.',
        },
      )}
    >
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label={t(/*i18n*/ { id: 'auth.register.name', message: 'Full name' })}
          value={form.name}
          onValueChange={change('name')}
          autoComplete="name"
        />
        <TextField
          label={t(/*i18n*/ { id: 'auth.email', message: 'Email' })}
          value={form.email}
          onValueChange={change('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
        <PhoneField value={form.phone} onValueChange={change('phone')} />
        <PasswordField
          label={t(/*i18n*/ { id: 'auth.password', message: 'Password' })}
          value={form.password}
          onValueChange={change('password')}
          autoComplete="new-password"
        />
        <PasswordField
          label={t(/*i18n*/ { id: 'auth.register.confirm', message: 'Confirm password' })}
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
            <RichWords
              words={/*i18n*/ { id: 'auth.register.terms', message: 'I accept the {terms} and the {policy}' }}
              parts={{
                terms: (
                  <Link to="/terms">{t(/*i18n*/ { id: 'auth.register.termsLink', message: 'Terms of Service' })}</Link>
                ),
                policy: (
                  <Link to="/policy">{t(/*i18n*/ { id: 'auth.register.policyLink', message: 'Privacy Policy' })}</Link>
                ),
              }}
            />
          </label>
        </div>
        <SubmitButton busy={busy}>{t(/*i18n*/ { id: 'auth.register.submit', message: 'Create account' })}</SubmitButton>
      </form>
      <p className="auth-links">
        {t(/*i18n*/ { id: 'auth.register.haveAccount', message: 'Already have an account?' })}{' '}
        <Link to="/login">{t(/*i18n*/ { id: 'auth.logIn', message: 'Log in' })}</Link>
      </p>
    </AuthLayout>
  );
}
