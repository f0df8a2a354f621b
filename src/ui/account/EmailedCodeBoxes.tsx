import { OTP_LENGTH } from '../../../core/limits';
import { CodeBoxes } from '../kit/CodeBoxes';

interface EmailedCodeBoxesProps {
  /** The row's visible label. */
  label: string;
  /** The digits, one string per box; the flow machine holds them. */
  values: readonly string[];
  onChange: (values: string[]) => void;
}

/**
 * The code we e-mail, OTP_LENGTH digits in boxes that take the focus first; the phone may offer the
 * code it has seen.
 */
export function EmailedCodeBoxes({ label, values, onChange }: EmailedCodeBoxesProps) {
  return <CodeBoxes length={OTP_LENGTH} values={values} onChange={onChange} label={label} oneTimeCode autoFocus />;
}
