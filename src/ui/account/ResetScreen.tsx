import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { coolingOffWording } from '../../../core/coolingOff';
import type { ResetForm } from '../../domain/account/accountForms';
import { resetPasswordMachine } from '../../machines/account/resetPassword';
import { useFlow } from '../kit/useFlow';
import { useSession } from '../app/SessionContext';
import { AuthLayout } from './AuthLayout';
import { NewPasswordFields } from './NewPasswordFields';
import { SubmitButton } from '../kit/SubmitButton';
import { say, useT } from '../kit/language';

/** /reset?token=...: the token of the e-mailed link authorises the reset. */
export default function ResetScreen() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const actor = useFlow(resetPasswordMachine, { session: useSession(), token: searchParams.get('token') });
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  const change = (field: keyof ResetForm) => (value: string) => actor.send({ type: 'reset.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'reset.submit' });
  };

  return (
    <AuthLayout
      title={t(/*i18n*/ { id: 'auth.reset.title', message: 'Choose a new password' })}
      subtitle={t(
        /*i18n*/ {
          id: 'auth.reset.subtitle',
          message: 'Only your password changes: your transaction pin stays as it is.',
        },
      )}
    >
      <p className="hint">{say(coolingOffWording())}</p>
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form" noValidate onSubmit={submit}>
        <NewPasswordFields
          newPassword={form.new_password}
          confirmation={form.confirm_new_password}
          onNewPassword={change('new_password')}
          onConfirmation={change('confirm_new_password')}
        />
        <SubmitButton busy={busy}>{t(/*i18n*/ { id: 'auth.reset.save', message: 'Save new password' })}</SubmitButton>
      </form>
      <p className="auth-links">
        {t(/*i18n*/ { id: 'auth.reset.broken', message: 'Link not working?' })}{' '}
        <Link to="/forgot">{t(/*i18n*/ { id: 'auth.reset.newLink', message: 'Get a new one' })}</Link>
      </p>
    </AuthLayout>
  );
}
