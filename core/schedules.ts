import type { ScheduleEnd, ScheduleFrequency, ScheduleTiming } from './contract';
import { parseTime, type Rule } from './scheduleCalendar';
import { SERVICES, type ServiceCategory } from './services';

/**
 * Scheduled purchases: what both halves agree on. The server keeps and runs schedules
 * (server/services/schedules); the app offers them from a completed purchase, a service screen
 * and /schedules.
 */

/** The categories a schedule may repeat: the service table's schedulable services. */
export const SCHEDULABLE_CATEGORIES: readonly ServiceCategory[] = SERVICES.filter((service) => service.schedulable).map(
  (service) => service.category,
);

export const isSchedulable = (category: string): boolean =>
  (SCHEDULABLE_CATEGORIES as readonly string[]).includes(category);

export const SCHEDULE_NAME_MAX_LENGTH = 40;
/** Schedules one user may keep (active, paused or ended); each is a standing authorisation. */
export const MAX_SCHEDULES_PER_USER = 20;
export const MAX_DAYS_BEFORE_DUE = 14;
export const MAX_END_RUNS = 1000;
/** Runs in a row that could not happen before a schedule pauses itself. */
export const FAILURES_BEFORE_PAUSE = 3;

export const FREQUENCIES: readonly ScheduleFrequency[] = ['once', 'daily', 'weekly', 'monthly', 'renewal'];

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** 1st, 2nd, 3rd, 4th … 21st, 22nd, 31st. */
export function ordinal(day: number): string {
  const tens = day % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/** A schedule's timing in words: "Monthly on the 31st (or the month's last day) at 09:00". */
export function describeTiming(
  timing: Pick<ScheduleTiming, 'frequency' | 'date' | 'weekday' | 'month_day' | 'days_before' | 'time'>,
): string {
  const at = `at ${timing.time}`;
  switch (timing.frequency) {
    case 'once':
      return `Once, on ${timing.date} ${at}`;
    case 'daily':
      return `Daily ${at}`;
    case 'weekly':
      return `Every ${WEEKDAYS[timing.weekday ?? 0]} ${at}`;
    case 'monthly': {
      const day = timing.month_day ?? 1;
      return `Monthly on the ${ordinal(day)}${day > 28 ? " (or the month's last day)" : ''} ${at}`;
    }
    case 'renewal': {
      const days = timing.days_before ?? 0;
      return `${days === 0 ? 'On the due date' : `${days} day${days === 1 ? '' : 's'} before the due date`} ${at}`;
    }
  }
}

/** When a schedule ends, in words. */
export function describeEnd(end: ScheduleEnd): string {
  if (end.kind === 'after') return `Ends after ${end.runs} run${end.runs === 1 ? '' : 's'}`;
  if (end.kind === 'on') return `Ends on ${end.date}`;
  return 'No end date';
}

/**
 * The calendar's rule of a schedule's timing (core/scheduleCalendar.ts), or null when a field its
 * frequency needs is missing.
 */
export function ruleOf(timing: ScheduleTiming, dueDate: string | null = null): Rule | null {
  const time = parseTime(timing.time);
  if (time === null) return null;
  switch (timing.frequency) {
    case 'once':
      return timing.date ? { cadence: { kind: 'once', date: timing.date }, time } : null;
    case 'daily':
      return { cadence: { kind: 'daily' }, time };
    case 'weekly':
      return timing.weekday == null ? null : { cadence: { kind: 'weekly', weekday: timing.weekday }, time };
    case 'monthly':
      return timing.month_day == null ? null : { cadence: { kind: 'monthly', day: timing.month_day }, time };
    case 'renewal':
      return timing.days_before == null || dueDate === null
        ? null
        : { cadence: { kind: 'renewal', dueDate, daysBefore: timing.days_before }, time };
  }
}
