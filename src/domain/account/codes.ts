/**
 * Codes typed into one-character boxes (the e-mail OTP, transaction pins): the rules the
 * CodeBoxes component and the flow machines share, so neither repeats them.
 */

const DIGIT = /^[0-9]$/;
const onlyDigits = (text: string) => text.replace(/\D/g, '');

export const emptyCode = (length: number): string[] => Array.from({ length }, () => '');

/** Every box holds exactly one digit. */
export const isComplete = (values: readonly string[], length: number): boolean =>
  values.length === length && values.every((value) => DIGIT.test(value));

export const joinCode = (values: readonly string[]): string => values.join('');

/** A pasted code spread over the boxes from the first: digits only, extra digits dropped, missing ones left empty. */
export function distributePaste(text: string, length: number): string[] {
  const digits = onlyDigits(text).slice(0, length);
  return Array.from({ length }, (_, index) => digits[index] ?? '');
}

/** The boxes after an edit, and the box that should hold the focus next. */
export interface CodeEdit {
  values: string[];
  focus: number;
}

export const setBox = (values: readonly string[], index: number, value: string): string[] =>
  values.map((current, i) => (i === index ? value : current));

/**
 * A paste lands in the boxes from the start; the focus goes to the first box still empty. Null when
 * it holds no digit.
 */
export function pasteCode(text: string, length: number): CodeEdit | null {
  const values = distributePaste(text, length);
  const filled = values.filter(Boolean).length;
  return filled === 0 ? null : { values, focus: Math.min(filled, length - 1) };
}

/**
 * What the new text of box `index` makes of the code. The box may briefly hold two characters
 * (a digit typed beside the one already there: the new one wins) or a whole code (the phone's
 * one-time-code autofill: spread like a paste). Null rejects the edit (no digit in it).
 */
export function typeIntoBox(values: readonly string[], index: number, text: string): CodeEdit | null {
  if (text === '') return { values: setBox(values, index, ''), focus: index };
  const current = values[index];
  if (text.length > 2 || (text.length === 2 && !current)) return pasteCode(text, values.length);
  const typed = text.length === 2 ? text.replace(current, '') : text;
  if (!DIGIT.test(typed)) return null;
  return { values: setBox(values, index, typed), focus: Math.min(index + 1, values.length - 1) };
}

/** A code typed (or filled in by the browser) into one field: its digits only, at most `length`. */
export const codeField = (text: string, length: number): string => onlyDigits(text).slice(0, length);
