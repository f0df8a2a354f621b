import { ID_NUMBER_MAX_LENGTH } from '../../../core/limits';
import { TextField } from './TextField';
import { useT } from './language';

/** The account's phone number: digits only (the flow machine strips the rest), as long as a Nigerian number. */
export function PhoneField({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  const t = useT();
  return (
    <TextField
      label={t(/*i18n*/ { id: 'kit.phone', message: 'Phone number' })}
      value={value}
      onValueChange={onValueChange}
      type="tel"
      autoComplete="tel"
      inputMode="numeric"
      maxLength={ID_NUMBER_MAX_LENGTH}
    />
  );
}
