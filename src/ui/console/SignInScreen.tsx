import { useEffect, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { passkeysSupported } from '../../machines/kit/passkeySupport';
import type { ActorRefFrom } from 'xstate';
import { TextField } from '../kit/TextField';
import { SubmitButton } from '../kit/SubmitButton';
import { performEffects, useFlow } from '../kit/useFlow';
import { staffSignInMachine } from '../../machines/console/staffSignIn';
import type { totpEnrolmentMachine } from '../../machines/console/totpEnrolment';
import { CodeField } from './components';
import { useNavigate } from 'react-router-dom';

/** /sign-in and /setup (an invitation): the password, then the second factor or its enrolment. */
export function SignInScreen({ invitation }: { invitation: string | null }) {
  const actor = useFlow(staffSignInMachine, { invitation });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const enrolment = useSelector(
    actor,
    (snapshot) => snapshot.children.enrolment as ActorRefFrom<typeof totpEnrolmentMachine> | undefined,
  );
  // The invitation stays out of the address bar and the history once read.
  useEffect(() => {
    if (invitation) history.replaceState(null, '', '/setup');
  }, [invitation]);
  const change = (field: 'email' | 'password' | 'repeat' | 'code') => (value: string) =>
    actor.send({ type: 'signIn.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'signIn.submit' });
  };

  return (
    <main className="ops-auth">
      <h1>Naira Wallet console</h1>
      {(state === 'credentials' || state === 'checkingPassword') && (
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <p className="hint">Staff only. Every action here is recorded.</p>
          <TextField
            label="E-mail"
            type="email"
            autoComplete="username"
            value={context.email}
            onValueChange={change('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            revealable
            value={context.password}
            onValueChange={change('password')}
          />
          <SubmitButton busy={busy}>Continue</SubmitButton>
        </form>
      )}
      {(state === 'choosingPassword' || state === 'acceptingInvitation') && (
        <form onSubmit={submit} noValidate aria-label="Choose your password">
          <p className="hint">
            Welcome. Choose your password (at least 8 characters, not a common one), then set up your authenticator app.
          </p>
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            revealable
            value={context.password}
            onValueChange={change('password')}
          />
          <TextField
            label="New password again"
            type="password"
            autoComplete="new-password"
            value={context.repeat}
            onValueChange={change('repeat')}
          />
          <SubmitButton busy={busy}>Set password</SubmitButton>
        </form>
      )}
      {(state === 'secondFactor' || state === 'checkingCode' || state === 'checkingPasskey') && (
        <form onSubmit={submit} noValidate aria-label="Second factor">
          <p className="hint">
            Enter the six-digit code your authenticator app shows for Naira Wallet, or one of your recovery codes.
          </p>
          <label className="field-label ops-code">
            Code
            <input
              className="input"
              autoComplete="one-time-code"
              value={context.code}
              autoFocus
              onChange={(event) => change('code')(event.target.value)}
            />
          </label>
          <SubmitButton busy={busy}>Sign in</SubmitButton>
          {passkeysSupported() && (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'signIn.passkey' })}
            >
              Use my passkey
            </button>
          )}
          <button type="button" className="btn-link" onClick={() => actor.send({ type: 'signIn.restart' })}>
            Use another account
          </button>
        </form>
      )}
      {state === 'enrolling' && enrolment && <EnrolmentPanel enrolment={enrolment} />}
    </main>
  );
}

/** Setting up the authenticator app: the QR code (or the key), a code to confirm, then the recovery codes once. */
function EnrolmentPanel({ enrolment }: { enrolment: ActorRefFrom<typeof totpEnrolmentMachine> }) {
  const navigate = useNavigate();
  useEffect(() => performEffects(enrolment, navigate), [enrolment, navigate]);
  const state = useSelector(enrolment, (snapshot) => snapshot.value);
  const context = useSelector(enrolment, (snapshot) => snapshot.context);
  const busy = useSelector(enrolment, (snapshot) => snapshot.hasTag('busy'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enrolment.send({ type: 'enrolment.submit' });
  };
  if (state === 'starting')
    return (
      <p role="status" className="hint">
        Preparing your authenticator set-up…
      </p>
    );
  if (state === 'failed')
    return (
      <p role="alert" className="ops-problem">
        The set-up could not start.{' '}
        <button type="button" className="btn-link" onClick={() => enrolment.send({ type: 'enrolment.retry' })}>
          Try again
        </button>
      </p>
    );
  if (state === 'showingCodes')
    return (
      <section aria-label="Recovery codes">
        <h2>Your recovery codes</h2>
        <p className="hint">
          Each one signs you in once if you lose your phone. Save them somewhere safe now: they are not shown again.
        </p>
        <ul className="ops-recovery" data-testid="recovery-codes">
          {context.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => enrolment.send({ type: 'enrolment.saved' })}
        >
          I have saved them
        </button>
      </section>
    );
  return (
    <form onSubmit={submit} noValidate aria-label="Set up your authenticator app">
      <h2>Set up your authenticator app</h2>
      <p className="hint">
        Scan this code with Google Authenticator, Microsoft Authenticator, 1Password or any TOTP app.
      </p>
      {context.enrolment && (
        <>
          <img
            className="ops-qr"
            width={200}
            height={200}
            alt="QR code to scan with your authenticator app"
            src={`data:image/svg+xml;utf8,${encodeURIComponent(context.enrolment.qr_svg)}`}
          />
          <p className="hint">
            Cannot scan? Enter this key: <code data-testid="totp-secret">{context.enrolment.secret}</code>
          </p>
        </>
      )}
      <CodeField
        value={context.code}
        onChange={(value) => enrolment.send({ type: 'enrolment.code', value })}
        label="Code the app shows now"
      />
      <SubmitButton busy={busy}>Confirm</SubmitButton>
    </form>
  );
}
