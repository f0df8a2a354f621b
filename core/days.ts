/**
 * Days and times as people in Nigeria read them: Africa/Lagos keeps West Africa Time, UTC+1,
 * all year, with no daylight saving, so a Lagos day is a fixed 24-hour window of UTC and a Lagos
 * wall-clock time is a UTC time one hour on. The one home of that arithmetic: the daily limits,
 * statements, reconciliation, the biller's request ids and the partners' timestamps all read
 * their days and times here, and receipts and screens write a Lagos time in words here too.
 */
import { once } from './once';

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Lagos wall-clock reading of an instant, as ISO text without a zone: "2026-11-22T14:05:09.123Z" read as Lagos. */
const lagosIso = (instant: Date) => new Date(instant.getTime() + LAGOS_OFFSET_MS).toISOString();

/** The Lagos calendar day (YYYY-MM-DD) an instant falls on. */
export function lagosDay(instant: Date): string {
  return lagosIso(instant).slice(0, 10);
}

/** When the Lagos day of `instant` began. */
export function startOfLagosDay(instant: Date): Date {
  const lagos = instant.getTime() + LAGOS_OFFSET_MS;
  return new Date(lagos - (lagos % DAY_MS) - LAGOS_OFFSET_MS);
}

/**
 * The instant a Lagos wall clock reads these figures (month 1–12; seconds and milliseconds may
 * be omitted), or null when they are not a real time: 2026-02-30 rolls over into March, which
 * nobody meant.
 */
export function atLagosTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
): Date | null {
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  const check = new Date(utc);
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  return real ? new Date(utc - LAGOS_OFFSET_MS) : null;
}

/** Midnight in Lagos starting the day `text` (YYYY-MM-DD), or null when it is not a real date. */
export function lagosDayStart(text: string): Date | null {
  const match = DAY_TEXT.exec(text);
  return match ? atLagosTime(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export const isDay = (text: string) => lagosDayStart(text) !== null;

/** Whether `text` can be a living person's date of birth: a real day, YYYY-MM-DD, from 1900 on. */
export const isDateOfBirth = (text: string) => isDay(text) && text >= '1900-01-01';

/** The Lagos day `text` (YYYY-MM-DD) as the instants [from, to); throws on text that is not a day. */
export function lagosDayRange(text: string): { from: Date; to: Date } {
  const from = lagosDayStart(text);
  if (!from) throw new RangeError(`not a day: ${text} (expected YYYY-MM-DD)`);
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

/** The day `days` after (or before, when negative) `text`. */
export function addDays(text: string, days: number): string {
  return lagosDay(new Date(lagosDayRange(text).from.getTime() + days * DAY_MS));
}

/** Days from `from` to `to`, both counted: the same day is 1. */
export function daysCovered(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
}

/** An instant as Lagos reads it, for statements and e-mails: "2026-11-22 14:05". */
export function lagosDateTime(instant: Date): string {
  return lagosIso(instant).slice(0, 16).replace('T', ' ');
}

const LAGOS_WORDS = {
  timeZone: 'Africa/Lagos',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
} as const;
// Made once each, when first used: making a formatter costs more than the readings it gives.
const lagosWords = once(() => new Intl.DateTimeFormat('en-NG', LAGOS_WORDS));
const lagosWordsWithWeekday = once(() => new Intl.DateTimeFormat('en-NG', { ...LAGOS_WORDS, weekday: 'short' }));

/**
 * An instant as a Nigerian reader expects it, for receipts and screens: "5 Dec 2026, 09:00", or
 * "Sat, 5 Dec 2026, 09:00" with its weekday.
 */
export function lagosTimeInWords(instant: Date, { weekday = false } = {}): string {
  return (weekday ? lagosWordsWithWeekday : lagosWords)().format(instant);
}

/** The Lagos minute of an instant as twelve digits, YYYYMMDDHHmm (how a biller's request id begins). */
export function lagosMinuteDigits(instant: Date): string {
  return lagosIso(instant).slice(0, 16).replace(/\D/g, '');
}
