/**
 * Statement periods (issue 12): calendar days as people in Nigeria read them. Lagos keeps
 * West Africa Time (UTC+1) all year, with no daylight saving, so a day is a fixed UTC window.
 */

/** A statement covers at most this many days: a year, with room for a leap day. */
export const STATEMENT_MAX_DAYS = 366;

/**
 * A statement document holds at most this many ledger entries (about 2,000 PDF pages): past it,
 * the user is asked for a shorter period rather than a document no one can open on a phone.
 */
export const STATEMENT_MAX_ENTRIES = 100_000;

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight in Lagos starting the day `text` (YYYY-MM-DD), or null when it is not a real date. */
export function lagosDayStart(text: string): Date | null {
  const match = DAY_TEXT.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  // 2026-02-30 rolls over into March: not a date anyone meant.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return new Date(utc - LAGOS_OFFSET_MS);
}

/** The Lagos calendar day (YYYY-MM-DD) an instant falls on. */
export function lagosDay(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) `text`. */
export function addDays(text: string, days: number): string {
  const start = lagosDayStart(text);
  if (!start) throw new RangeError(`not a day: ${text}`);
  return lagosDay(new Date(start.getTime() + days * DAY_MS));
}

/** Days from `from` to `to`, both counted: the same day is 1. */
export function daysCovered(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

/** An instant as Lagos reads it, for statements and e-mails: "2026-11-22 14:05". */
export function lagosDateTime(instant: Date): string {
  return new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}
