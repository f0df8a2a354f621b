import { addDays, lagosDay, lagosDayRange, startOfLagosDay } from './days';

/**
 * When a schedule runs: its calendar (once, daily, weekly, monthly, before a due date), its end,
 * grace and reminder, on Lagos days and wall times as core/days.ts reckons them. Nothing here
 * reads a clock; every function is handed the instant it reasons from, so the server's injected
 * clock (and the property tests' arbitrary instants) decide what "now" is. A Lagos day is always
 * 24 hours (no daylight saving), so no wall time is skipped or repeated.
 */

const MINUTE_MS = 60_000;
/** Minutes in a day: a time of day is 0 (00:00) to MINUTES_PER_DAY - 1 (23:59). */
export const MINUTES_PER_DAY = 24 * 60;

/** How often a schedule runs. Dates are Lagos calendar days (YYYY-MM-DD). */
export type Cadence =
  /** Once, on that day. */
  | { kind: 'once'; date: string }
  | { kind: 'daily' }
  /** 0 is Sunday, 6 Saturday. */
  | { kind: 'weekly'; weekday: number }
  /** On that day of each month (1–31); a month without it runs on its last day. */
  | { kind: 'monthly'; day: number }
  /**
   * Cable TV: `daysBefore` days before the subscription's due date, which the biller tells (and
   * moves a month on each renewal).
   */
  | { kind: 'renewal'; dueDate: string; daysBefore: number };

export interface Rule {
  cadence: Cadence;
  /** Lagos wall time of every run, in minutes after midnight. */
  time: number;
}

/** When a schedule stops: never, after a number of runs, or after its last run on or before a day. */
export type End = { kind: 'never' } | { kind: 'after'; runs: number } | { kind: 'on'; date: string };

/** The instant of a Lagos wall time: `time` minutes after the midnight starting `day`. */
export function atLagos(day: string, time: number): Date {
  const { from } = lagosDayRange(day);
  assertTime(time);
  return new Date(from.getTime() + time * MINUTE_MS);
}

/** The Lagos wall time of an instant, in minutes after midnight. */
export function lagosTimeOf(instant: Date): number {
  return Math.floor((instant.getTime() - startOfLagosDay(instant).getTime()) / MINUTE_MS);
}

/** The weekday (0 Sunday … 6 Saturday) of a Lagos day. */
export function weekdayOf(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay();
}

/** How many days a month has (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The day of a month a monthly schedule runs on: its day, or the month's last when the month is shorter. */
function monthlyDay(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(day, daysInMonth(year, month)))}`;
}

/**
 * The same day `months` months later (or earlier), clamped to the end of a shorter month:
 * 31 Jan + 1 → 28 or 29 Feb.
 */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  return monthlyDay(Math.floor(index / 12), (index % 12) + 1, date);
}

/** The run of a renewal: `daysBefore` days before the due date, at `time`. */
export function renewalRunAt(dueDate: string, daysBefore: number, time: number): Date {
  return atLagos(addDays(dueDate, -daysBefore), time);
}

/**
 * The first run of `rule` strictly after `after`, or null when there is none (a one-off whose
 * time has passed; a renewal, whose next due date only a new verification tells).
 */
export function nextRunAfter(rule: Rule, after: Date): Date | null {
  const { cadence, time } = rule;
  assertTime(time);
  const today = lagosDay(after);
  const candidate = (day: string) => atLagos(day, time);
  switch (cadence.kind) {
    case 'once':
    case 'renewal': {
      const at =
        cadence.kind === 'once' ? candidate(cadence.date) : renewalRunAt(cadence.dueDate, cadence.daysBefore, time);
      return at > after ? at : null;
    }
    case 'daily': {
      const at = candidate(today);
      return at > after ? at : candidate(addDays(today, 1));
    }
    case 'weekly': {
      const ahead = (cadence.weekday - weekdayOf(today) + 7) % 7;
      const at = candidate(addDays(today, ahead));
      return at > after ? at : candidate(addDays(today, ahead + 7));
    }
    case 'monthly': {
      const [year, month] = today.split('-').map(Number);
      const at = candidate(monthlyDay(year, month, cadence.day));
      if (at > after) return at;
      const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
      return candidate(monthlyDay(nextYear, nextMonth, cadence.day));
    }
  }
}

/** Whether a run due at `dueAt`, which would be the schedule's (runsDone + 1)th, is still within its end. */
export function withinEnd(end: End, runsDone: number, dueAt: Date): boolean {
  switch (end.kind) {
    case 'never':
      return true;
    case 'after':
      return runsDone < end.runs;
    case 'on':
      return lagosDay(dueAt) <= end.date;
  }
}

/**
 * The run after the one due at `dueAt` has been dealt with (run, failed or missed), at `now`:
 * the rule's next due time after both — a schedule that was stopped for days does not owe the
 * runs it missed, it resumes at its next due time — or null when it has ended.
 */
export function followingRun(rule: Rule, end: End, runsDone: number, dueAt: Date, now: Date): Date | null {
  const after = dueAt > now ? dueAt : now;
  const next = nextRunAfter(rule, after);
  return next && withinEnd(end, runsDone, next) ? next : null;
}

/** A run whose due time passed more than `graceMs` ago is not made late: it is reported as missed. */
export const isMissed = (dueAt: Date, now: Date, graceMs: number): boolean => now.getTime() - dueAt.getTime() > graceMs;

/** "HH:MM" for a time of day in minutes. */
export const timeText = (time: number): string => `${pad(Math.floor(time / 60))}:${pad(time % 60)}`;

/** Minutes after midnight from "HH:MM" (24-hour), or null. */
export function parseTime(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

function assertTime(time: number): void {
  if (!Number.isInteger(time) || time < 0 || time >= MINUTES_PER_DAY)
    throw new RangeError(`not a time of day: ${time}`);
}
