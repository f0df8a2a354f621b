import { Link, useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import type { Words } from '../../../core/i18n/words';
import { notMeMachine } from '../../machines/account/notMe';
import { useFlow } from '../kit/useFlow';
import { useSession } from '../app/SessionContext';
import { AuthLayout } from './AuthLayout';
import { SubmitButton } from '../kit/SubmitButton';
import { useT } from '../kit/language';

/** What the report does, a sentence to a message. */
const HINT: readonly Words[] = [
  /*i18n*/ {
    id: 'auth.notMe.hint.lock',
    message: 'This signs out every device, including this one, and locks your account until you choose a new password.',
  },
  /*i18n*/ { id: 'auth.notMe.hint.money', message: 'Your money stays in your wallet.' },
];

/** How the secured account opens again, a sentence to a message. */
const SECURED_HINT: readonly Words[] = [
  /*i18n*/ {
    id: 'auth.notMe.done.reopen',
    message: 'To open it again, choose a new password: we will e-mail you a link.',
  },
  /*i18n*/ { id: 'auth.notMe.done.wait', message: 'Until a day after that, purchases above a small amount wait.' },
];

/** /not-me?token=...: the "this wasn't me" link of an e-mail about a change to the account. */
export default function NotMeScreen() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const actor = useFlow(notMeMachine, { session: useSession(), token: searchParams.get('token') });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const secured = useSelector(actor, (s) => s.matches('secured'));

  if (secured) {
    return (
      <AuthLayout
        title={t(/*i18n*/ { id: 'auth.notMe.done.title', message: 'Your account is secured' })}
        subtitle={t(
          /*i18n*/ {
            id: 'auth.notMe.done.subtitle',
            message: 'Every device is signed out, and your account is locked.',
          },
        )}
      >
        <p className="hint">{SECURED_HINT.map((words) => t(words)).join(' ')}</p>
        <Link className="btn btn-primary btn-block" to="/forgot">
          {t(/*i18n*/ { id: 'auth.notMe.done.next', message: 'Choose a new password' })}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.notMe.title', message: 'This wasn’t you?' })}
      subtitle={t(
        /*i18n*/ {
          id: 'auth.notMe.subtitle',
          message: 'If you did not make the change we e-mailed you about, secure your account now.',
        },
      )}
    >
      <p className="hint">{HINT.map((words) => t(words)).join(' ')}</p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'notMe.report' });
        }}
      >
        <SubmitButton busy={busy}>
          {t(/*i18n*/ { id: 'auth.notMe.report', message: 'Sign out everywhere and lock my account' })}
        </SubmitButton>
      </form>
      <p className="auth-links">
        {t(/*i18n*/ { id: 'auth.notMe.wasMe', message: 'It was you?' })}{' '}
        <Link to="/login">{t(/*i18n*/ { id: 'auth.logIn', message: 'Log in' })}</Link>
      </p>
    </AuthLayout>
  );
}
