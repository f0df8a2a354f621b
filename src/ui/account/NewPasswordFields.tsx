import { PasswordField } from '../kit/PasswordField';
import { useT } from '../kit/language';

interface NewPasswordFieldsProps {
  newPassword: string;
  confirmation: string;
  onNewPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}

/** A new password typed twice, as /reset and /password ask for it. */
export function NewPasswordFields({
  newPassword,
  confirmation,
  onNewPassword,
  onConfirmation,
}: NewPasswordFieldsProps) {
  const t = useT();
  return (
    <>
      <PasswordField
        label={t(/*i18n*/ { id: 'auth.newPassword', message: 'New password' })}
        value={newPassword}
        onValueChange={onNewPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label={t(/*i18n*/ { id: 'auth.newPassword.confirm', message: 'Confirm new password' })}
        value={confirmation}
        onValueChange={onConfirmation}
        autoComplete="new-password"
      />
    </>
  );
}
