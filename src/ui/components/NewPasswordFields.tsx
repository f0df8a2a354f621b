import { TextField } from './TextField';

interface NewPasswordFieldsProps {
  newPassword: string;
  confirmation: string;
  onNewPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}

/** A new password typed twice, as /reset and /password ask for it. */
export function NewPasswordFields({ newPassword, confirmation, onNewPassword, onConfirmation }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField label="New password" value={newPassword} onValueChange={onNewPassword} type="password" autoComplete="new-password" revealable />
      <TextField
        label="Confirm new password"
        value={confirmation}
        onValueChange={onConfirmation}
        type="password"
        autoComplete="new-password"
        revealable
      />
    </>
  );
}
