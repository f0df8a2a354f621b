import { useId, useState, type InputHTMLAttributes } from 'react';
import { useT } from './language';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Adds a show/hide control for password fields. */
  revealable?: boolean;
}

/** A labelled input; the label is always present for screen readers and touch targets. */
export function TextField({ label, value, onValueChange, revealable, type = 'text', ...rest }: TextFieldProps) {
  const t = useT();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          className="input"
          type={revealable && revealed ? 'text' : type}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            className="btn-link field-reveal"
            aria-pressed={revealed}
            // Named by its visible text, tied to its input: repeating the field's label here would
            // give two controls the same label.
            aria-controls={id}
            onClick={() => setRevealed((r) => !r)}
          >
            {revealed
              ? t(/*i18n*/ { id: 'kit.field.hide', message: 'Hide' })
              : t(/*i18n*/ { id: 'kit.field.show', message: 'Show' })}
          </button>
        )}
      </div>
    </div>
  );
}
