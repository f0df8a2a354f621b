import { PIN_LENGTH } from '../../../core/limits';
import { CodeBoxes } from '../kit/CodeBoxes';

interface PinBoxesProps {
  /** The row's visible label. */
  label: string;
  /**
   * The pins asked for at once, by their visible labels ('New pin', 'Confirm new pin'): a group
   * of boxes each, typed across as one row. Without them, one pin.
   */
  pins?: readonly string[];
  /** The digits, one string per box; the flow machine holds them. */
  values: readonly string[];
  onChange: (values: string[]) => void;
  autoFocus?: boolean;
  /** Prefix of the boxes' ids (`<prefix>-<index>`), so the pin dialog can focus the first. */
  idPrefix?: string;
}

/**
 * Transaction pins in masked one-digit boxes, PIN_LENGTH to a pin: the dialog's one, a new one with
 * its confirmation, or the old one before them.
 */
export function PinBoxes({ label, pins, values, onChange, autoFocus, idPrefix }: PinBoxesProps) {
  return (
    <CodeBoxes
      length={PIN_LENGTH * (pins?.length || 1)}
      values={values}
      onChange={onChange}
      label={label}
      groupLabels={pins}
      masked
      autoFocus={autoFocus}
      idPrefix={idPrefix}
    />
  );
}
