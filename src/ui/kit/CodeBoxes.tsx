import { useEffect, useId, useRef, type ClipboardEvent, type CSSProperties, type KeyboardEvent } from 'react';
import { pasteCode, setBox, typeIntoBox, type CodeEdit } from '../../domain/account/codes';
import { useT } from './language';

interface CodeBoxesProps {
  /** How many boxes, one digit each. */
  length: number;
  /** The digits, one string per box; the flow machine holds them. */
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** The row's visible label. */
  label: string;
  /**
   * Splits the boxes into equal groups, each with its visible label (set-pin: 'Pin' and
   * 'Confirm pin'); typing, Backspace, arrows and paste still run across all of them.
   */
  groupLabels?: readonly string[];
  /** Pins: the digits are hidden. */
  masked?: boolean;
  autoFocus?: boolean;
  /** An e-mailed code: the first box lets the phone offer the code it has seen. */
  oneTimeCode?: boolean;
  /** Prefix of the boxes' ids (`<prefix>-<index>`), so a label elsewhere can point at one. */
  idPrefix?: string;
}

/** A row of one-digit boxes for codes and pins; the focus moves along as digits are typed. */
export function CodeBoxes({
  length,
  values,
  onChange,
  label,
  groupLabels,
  masked,
  autoFocus,
  oneTimeCode,
  idPrefix,
}: CodeBoxesProps) {
  const t = useT();
  const generatedId = useId();
  const prefix = idPrefix ?? generatedId;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const groupSize = length / (groupLabels?.length || 1);

  const sent = useRef(values);

  // A row the flow emptied (a wrong code) starts again at its first box, if the user is typing in it.
  useEffect(() => {
    const clearedByFlow = values !== sent.current && values.every((value) => value === '');
    if (clearedByFlow && boxes.current.some((element) => element === document.activeElement)) boxes.current[0]?.focus();
  }, [values]);

  const focusBox = (index: number) => boxes.current[index]?.focus();
  const apply = (edit: CodeEdit | null) => {
    if (!edit) return;
    sent.current = edit.values;
    onChange(edit.values);
    focusBox(edit.focus);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !values[index] && index > 0) {
      event.preventDefault();
      apply({ values: setBox(values, index - 1, ''), focus: index - 1 });
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    apply(pasteCode(event.clipboardData.getData('text'), length));
  };

  const box = (index: number, name: string) => (
    <input
      key={index}
      ref={(element) => {
        boxes.current[index] = element;
      }}
      id={`${prefix}-${index}`}
      className="input code-box"
      type={masked ? 'password' : 'text'}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete={oneTimeCode && index === 0 ? 'one-time-code' : 'off'}
      aria-label={name}
      value={values[index] ?? ''}
      autoFocus={autoFocus && index === 0}
      // Selecting the digit lets the next one typed replace it.
      onFocus={(event) => event.target.select()}
      onChange={(event) => apply(typeIntoBox(values, index, event.target.value))}
      onKeyDown={onKeyDown(index)}
      onPaste={onPaste}
    />
  );

  const row = (group: number, groupLabel?: string) => (
    <div className="code-boxes" style={{ '--boxes': groupSize } as CSSProperties}>
      {Array.from({ length: groupSize }, (_, position) => {
        const place = { digit: String(position + 1), count: String(groupSize) };
        const name = groupLabel
          ? t(
              /*i18n*/ { id: 'kit.code.groupDigit', message: '{group} digit {digit} of {count}' },
              { ...place, group: groupLabel },
            )
          : t(/*i18n*/ { id: 'kit.code.digit', message: 'Digit {digit} of {count}' }, place);
        return box(group * groupSize + position, name);
      })}
    </div>
  );

  return (
    <fieldset className="code-group">
      <legend>{label}</legend>
      {groupLabels?.length
        ? groupLabels.map((groupLabel, group) => (
            <fieldset key={groupLabel} className="code-group">
              <legend>{groupLabel}</legend>
              {row(group, groupLabel)}
            </fieldset>
          ))
        : row(0)}
    </fieldset>
  );
}
