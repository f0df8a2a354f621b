import { PasswordField } from '../kit/PasswordField';

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
  return (
    <>
      <PasswordField
        label="New password"
        value={newPassword}
        onValueChange={onNewPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label="Confirm new password"
        value={confirmation}
        onValueChange={onConfirmation}
        autoComplete="new-password"
      />
    </>
  );
}
