import { useId } from 'react';
import { useT } from '../kit/language';
import { TextField } from '../kit/TextField';

interface DateOfBirthFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  /** What the date is for, read with the field. */
  hint: string;
}

/**
 * The holder's date of birth, typed with a NIN or BVN: the server binds the number only when the
 * record's is the same and the account's phone is on the record (docs/product.md, "Profile,
 * identity and limits"). A date input: the phone's own date picker or typing, YYYY-MM-DD sent
 * either way; `bday` lets the browser fill it in.
 */
export function DateOfBirthField({ value, onValueChange, hint }: DateOfBirthFieldProps) {
  const t = useT();
  const hintId = useId();
  return (
    <div className="field-with-hint">
      <TextField
        label={t(/*i18n*/ { id: 'account.id.birthDate', message: 'Date of birth' })}
        type="date"
        value={value}
        onValueChange={onValueChange}
        autoComplete="bday"
        min="1900-01-01"
        aria-describedby={hintId}
      />
      <p id={hintId} className="hint">
        {hint}
      </p>
    </div>
  );
}
