import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ChangePasswordForm } from '../../domain/account/accountForms';
import { changePasswordMachine } from '../../machines/account/changePassword';
import { useT } from '../kit/language';
import { useFlow } from '../kit/useFlow';
import { AccountLayout } from './AccountLayout';
import { NewPasswordFields } from './NewPasswordFields';
import { PasswordField } from '../kit/PasswordField';
import { SubmitButton } from '../kit/SubmitButton';

/** /password: the current password, then the new one twice. */
export default function ChangePasswordScreen() {
  const t = useT();
  const actor = useFlow(changePasswordMachine);
  const form = useSelector(actor, (s) => s.context.form);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  const change = (field: keyof ChangePasswordForm) => (value: string) =>
    actor.send({ type: 'password.change', field, value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'password.submit' });
  };

  const title = t(/*i18n*/ { id: 'account.password.title', message: 'Change password' });

  return (
    <AccountLayout
      title={title}
      subtitle={t(
        /*i18n*/ {
          id: 'account.password.subtitle',
          message: 'Enter your current password, then choose a new one.',
        },
      )}
    >
      {/* noValidate: the machine checks the form and says what is missing, once, in a toast. */}
      <form className="form card account-form" noValidate onSubmit={submit}>
        <PasswordField
          label={t(/*i18n*/ { id: 'account.password.current', message: 'Current password' })}
          value={form.old_password}
          onValueChange={change('old_password')}
          autoComplete="current-password"
        />
        <NewPasswordFields
          newPassword={form.new_password}
          confirmation={form.confirm_new_password}
          onNewPassword={change('new_password')}
          onConfirmation={change('confirm_new_password')}
        />
        <SubmitButton busy={busy}>{title}</SubmitButton>
      </form>
    </AccountLayout>
  );
}
