import { useId } from 'react';
import { ID_NUMBER_MAX_LENGTH } from '../../../core/limits';
import { maskId, visibleDigits } from '../../domain/kit/mask';
import { useT } from '../kit/language';
import { TextField } from '../kit/TextField';

interface IdNumberFieldProps {
  label: string;
  /** What the user has typed: empty until they replace the number on file. */
  value: string;
  /**
   * The verified number as the server sends it, its last four digits behind a mask (the whole
   * number is confidential); '' when none.
   */
  saved: string;
  onValueChange: (value: string) => void;
}

/**
 * A NIN or BVN field: typed to be verified on Save. Once verified it shows masked to its last
 * four digits and can no longer be typed over: changing a verified identity is support's job.
 */
export function IdNumberField({ label, value, saved, onValueChange }: IdNumberFieldProps) {
  const t = useT();
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
        readOnly={saved !== ''}
        placeholder={saved ? maskId(saved) : undefined}
        aria-describedby={hintId}
      />
      <p id={hintId} className="hint">
        {!saved
          ? t(
              /*i18n*/ { id: 'account.id.digits', message: '{length} digits, checked when you save.' },
              { length: String(ID_NUMBER_MAX_LENGTH) },
            )
          : ending
            ? t(
                /*i18n*/ {
                  id: 'account.id.verifiedEnding',
                  message: 'Verified, ending in {ending}. To change it, contact support.',
                },
                { ending },
              )
            : t(/*i18n*/ { id: 'account.id.verified', message: 'Verified. To change it, contact support.' })}
      </p>
    </div>
  );
}
