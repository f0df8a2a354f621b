import { TextField } from './TextField';

interface PasswordFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Which password the browser's password manager offers: the account's current one, or a new one it may suggest. */
  autoComplete: 'current-password' | 'new-password';
}

/** A password, typed hidden, with Show/Hide to check it. */
export function PasswordField({ label, value, onValueChange, autoComplete }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      onValueChange={onValueChange}
      type="password"
      autoComplete={autoComplete}
      revealable
    />
  );
}
