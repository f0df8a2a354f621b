import { lazy, Suspense, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { LoginForm } from '../../domain/account/accountForms';
import { loginMachine } from '../../machines/account/login';
import { useHydrated } from '../app/useHydrated';
import { useFlow } from '../kit/useFlow';
import { useSession } from '../app/SessionContext';
import { LanguagePicker } from '../kit/LanguagePicker';
import { useT } from '../kit/language';
import { AuthLayout } from './AuthLayout';
import { PasswordField } from '../kit/PasswordField';
import { SubmitButton } from '../kit/SubmitButton';
import { TextField } from '../kit/TextField';

const PasskeySignIn = lazy(() => import('./PasskeySignIn'));

/** /login; the redirect of a user already signed in is the route's (RedirectIfSignedIn). */
export default function LoginScreen() {
  const t = useT();
  const actor = useFlow(loginMachine, { session: useSession() });
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The prerendered page has no passkey button: whether the browser can use passkeys is known once hydrated.
  const hydrated = useHydrated();

  const change = (field: keyof LoginForm) => (value: string) => actor.send({ type: 'login.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'login.submit' });
  };

  return (
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.login.title', message: 'Welcome back' })}
      subtitle={t(
        /*i18n*/ { id: 'auth.login.subtitle', message: 'Log in to pay bills, top up and check your wallet.' },
      )}
    >
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <TextField
          label={t(/*i18n*/ { id: 'auth.email', message: 'Email' })}
          value={form.email}
          onValueChange={change('email')}
          type="email"
          // `webauthn`: the browser offers this site's passkeys among the field's suggestions.
          autoComplete="email webauthn"
          inputMode="email"
        />
        <PasswordField
          label={t(/*i18n*/ { id: 'auth.password', message: 'Password' })}
          value={form.password}
          onValueChange={change('password')}
          autoComplete="current-password"
        />
        <p className="hint">
          <Link to="/forgot">{t(/*i18n*/ { id: 'auth.login.forgot', message: 'Forgot password?' })}</Link>
        </p>
        <SubmitButton busy={busy}>{t(/*i18n*/ { id: 'auth.logIn', message: 'Log in' })}</SubmitButton>
      </form>
      {/* Its room is kept in the prerendered page, so the button's arrival moves nothing below it. */}
      <div className="passkey-slot">
        {hydrated && (
          <Suspense fallback={null}>
            <PasskeySignIn />
          </Suspense>
        )}
      </div>
      <p className="auth-links">
        {t(/*i18n*/ { id: 'auth.login.new', message: 'New here?' })}{' '}
        <Link to="/register">{t(/*i18n*/ { id: 'auth.login.register', message: 'Create an account' })}</Link>
      </p>
      <LanguagePicker />
    </AuthLayout>
  );
}
