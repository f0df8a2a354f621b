import { Link, useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { notMeMachine } from '../../machines/account/notMe';
import { useFlow } from '../kit/useFlow';
import { useSession } from '../app/SessionContext';
import { AuthLayout } from './AuthLayout';
import { SubmitButton } from '../kit/SubmitButton';
import { useT } from '../kit/language';

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
        <p className="hint">
          {t(
            /*i18n*/ {
              id: 'auth.notMe.done.hint',
              message:
                'To open it again, choose a new password: we will e-mail you a link. Until a day after that, purchases above a small amount wait.',
            },
          )}
        </p>
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
      <p className="hint">
        {t(
          /*i18n*/ {
            id: 'auth.notMe.hint',
            message:
              'This signs out every device, including this one, and locks your account until you choose a new password. Your money stays in your wallet.',
          },
        )}
      </p>
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
