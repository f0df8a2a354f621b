import { useId } from 'react';
import { ID_NUMBER_MAX_LENGTH } from '../../../core/limits';
import { maskId, visibleDigits } from '../../domain/mask';
import { TextField } from './TextField';

interface IdNumberFieldProps {
  label: string;
  /** What the user has typed: empty until they replace the number on file. */
  value: string;
  /** The number on file, never shown whole (reference/domain.md). */
  saved: string;
  onValueChange: (value: string) => void;
}

/** A NIN or BVN field: the number on file appears masked to its last four digits until a new one is typed. */
export function IdNumberField({ label, value, saved, onValueChange }: IdNumberFieldProps) {
  const hintId = useId();
  const ending = visibleDigits(saved);
  return (
    <div className="field-with-hint">
      <TextField
        label={label}
        value={value}
        onValueChange={onValueChange}
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={ID_NUMBER_MAX_LENGTH}
        autoComplete="off"
        placeholder={saved ? maskId(saved) : undefined}
        aria-describedby={hintId}
      />
      <p id={hintId} className="hint">
        {saved
          ? `On file${ending ? `, ending in ${ending}` : ''}. Leave empty to keep it, or type a new number.`
          : `${ID_NUMBER_MAX_LENGTH} digits.`}
      </p>
    </div>
  );
}
