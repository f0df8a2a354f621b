import { ID_NUMBER_MAX_LENGTH } from '../../../core/limits';
import { TextField } from './TextField';

/** The account's phone number: digits only (the flow machine strips the rest), as long as a Nigerian number. */
export function PhoneField({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  return (
    <TextField
      label="Phone number"
      value={value}
      onValueChange={onValueChange}
      type="tel"
      autoComplete="tel"
      inputMode="numeric"
      maxLength={ID_NUMBER_MAX_LENGTH}
    />
  );
}
