import type {
  CreateScheduleRequest,
  MerchantDetails,
  PinOrPasskey,
  Schedule,
  ScheduleDraft,
  ScheduleEnd,
  ScheduleFrequency,
  ScheduleTiming,
  UpdateScheduleRequest,
} from '../../../core/contract';
import type { Locale } from '../../../core/i18n/locales';
import { counted } from '../../../core/i18n/plurals';
import type { Words, Say } from '../../../core/i18n/words';
import { scheduleRules } from '../../../core/words/schedules';
import { MAX_DAYS_BEFORE_DUE, MAX_END_RUNS, ordinal, SCHEDULE_NAME_MAX_LENGTH } from '../../../core/schedules';
import { parseTime, weekdayOf } from '../../../core/scheduleCalendar';
import { serviceByKey, serviceOfCategory, type ServiceKey } from '../../../core/services';
import { lagosDateTime, lagosDayStart } from '../../../core/days';
import * as messages from '../../../core/messages';

/** The schedule form's fields as typed, and the rules that turn them into a request (the server checks them again). */

export type EndKind = ScheduleEnd['kind'];

export interface ScheduleFields {
  name: string;
  /** The service, by key; '' until one is chosen (a schedule started from /schedules). */
  service: ServiceKey | '';
  providerId: string;
  planId: string;
  beneficiary: string;
  amount: string;
  frequency: ScheduleFrequency;
  /** once: YYYY-MM-DD. */
  date: string;
  /** weekly: '0' Sunday … '6' Saturday. */
  weekday: string;
  /** monthly: '1'–'31'. */
  monthDay: string;
  /** renewal: '0'–'14'. */
  daysBefore: string;
  /** HH:MM, Lagos time. */
  time: string;
  endKind: EndKind;
  endRuns: string;
  endDate: string;
}

/** Where the form starts: today (Lagos) and a time a person would pick. */
export interface FormStart {
  today: string;
  time: string;
}

const dayOfMonth = (day: string) => String(Number(day.slice(8)));

export function blankFields(service: ServiceKey | '', start: FormStart): ScheduleFields {
  return {
    name: '',
    service,
    providerId: '',
    planId: '',
    beneficiary: '',
    amount: '',
    frequency: 'monthly',
    date: start.today,
    weekday: String(weekdayOf(start.today)),
    monthDay: dayOfMonth(start.today),
    daysBefore: '2',
    time: start.time,
    endKind: 'never',
    endRuns: '',
    endDate: '',
  };
}

/** "Repeat this": the purchase's product, monthly on today's day of the month. */
export function fieldsFromDraft(draft: ScheduleDraft, start: FormStart): ScheduleFields {
  return {
    ...blankFields(serviceOfCategory(draft.category)?.key ?? '', start),
    name: draft.name,
    providerId: String(draft.provider_id),
    planId: draft.package_id === null ? '' : String(draft.package_id),
    beneficiary: draft.beneficiary,
    amount: draft.amount === null ? '' : String(draft.amount),
  };
}

/** An edit starts from the schedule as it is. */
export function fieldsFromSchedule(schedule: Schedule, start: FormStart): ScheduleFields {
  const base = blankFields(serviceOfCategory(schedule.category)?.key ?? '', start);
  return {
    ...base,
    name: schedule.name,
    providerId: String(schedule.provider_id),
    planId: schedule.package_id === null ? '' : String(schedule.package_id),
    beneficiary: schedule.beneficiary,
    amount: String(schedule.amount),
    frequency: schedule.frequency,
    date: schedule.date ?? base.date,
    weekday: schedule.weekday == null ? base.weekday : String(schedule.weekday),
    monthDay: schedule.month_day == null ? base.monthDay : String(schedule.month_day),
    daysBefore: schedule.days_before == null ? base.daysBefore : String(schedule.days_before),
    time: schedule.time,
    endKind: schedule.end.kind,
    endRuns: schedule.end.kind === 'after' ? String(schedule.end.runs) : '',
    endDate: schedule.end.kind === 'on' ? schedule.end.date : '',
  };
}

/** The form's own rules, which the server does not check in these words (theirs are scheduleRules). */
export const formRules = {
  nameRequired: /*i18n*/ { id: 'schedule.rule.name', message: 'please give the schedule a name' },
  allFieldsRequired: messages.allFieldsRequired,
  verifyFirst: /*i18n*/ {
    id: 'schedule.rule.verifyFirst',
    message: 'please verify the smartcard first: its due date and renewal amount set the schedule',
  },
  noDueDate: /*i18n*/ {
    id: 'schedule.rule.noDueDate',
    message: 'this provider does not tell us when the subscription is due: choose a monthly schedule instead',
  },
} as const;

/** Said when the pin was wrong once too often: the server has ended the session, so it answers no more. */
export const pinNotCorrect: Words = messages.pinNotCorrect;

const isBlank = (value: string) => value.trim() === '';
const wholeIn = (value: string, min: number, max: number) =>
  /^\d{1,4}$/.test(value.trim()) && Number(value) >= min && Number(value) <= max;

/**
 * The first rule the form breaks, in the order the form shows its fields, or null. A renewal
 * needs the smartcard verified (its due date and amount set the schedule) for the number in the field.
 */
export function validateSchedule(
  fields: ScheduleFields,
  renewal: { details: MerchantDetails; beneficiary: string } | null,
): Words | null {
  if (isBlank(fields.name)) return formRules.nameRequired;
  if (fields.service === '') return formRules.allFieldsRequired;
  const pricing = serviceByKey(fields.service).pricing.kind;
  const needsPlan = pricing === 'plan' && fields.frequency !== 'renewal';
  if (
    isBlank(fields.providerId) ||
    isBlank(fields.beneficiary) ||
    (needsPlan && isBlank(fields.planId)) ||
    (pricing === 'amount' && isBlank(fields.amount))
  )
    return formRules.allFieldsRequired;
  if (fields.frequency === 'once' && !lagosDayStart(fields.date)) return scheduleRules.dateRequired;
  if (fields.frequency === 'weekly' && !wholeIn(fields.weekday, 0, 6)) return scheduleRules.weekdayRequired;
  if (fields.frequency === 'monthly' && !wholeIn(fields.monthDay, 1, 31)) return scheduleRules.monthDayRequired;
  if (fields.frequency === 'renewal' && !wholeIn(fields.daysBefore, 0, MAX_DAYS_BEFORE_DUE))
    return scheduleRules.daysBeforeRequired;
  if (parseTime(fields.time) === null) return scheduleRules.timeRequired;
  if (fields.endKind === 'after' && !wholeIn(fields.endRuns, 1, MAX_END_RUNS)) return scheduleRules.endRunsRequired;
  if (fields.endKind === 'on' && !lagosDayStart(fields.endDate)) return scheduleRules.endDateRequired;
  if (fields.frequency === 'renewal' && (renewal === null || renewal.beneficiary !== fields.beneficiary.trim()))
    return formRules.verifyFirst;
  if (fields.frequency === 'renewal' && !renewal?.details.due_date) return formRules.noDueDate;
  return null;
}

function endOf(fields: ScheduleFields): ScheduleEnd {
  if (fields.endKind === 'after') return { kind: 'after', runs: Number(fields.endRuns) };
  if (fields.endKind === 'on') return { kind: 'on', date: fields.endDate };
  return { kind: 'never' };
}

/** The request of a valid form, authorised by the pin or a passkey; an edit names its schedule. */
export function scheduleRequest(
  fields: ScheduleFields,
  confirmation: PinOrPasskey,
  scheduleId: number | null,
): CreateScheduleRequest | UpdateScheduleRequest {
  const service = serviceByKey(fields.service as ServiceKey);
  const renewal = fields.frequency === 'renewal';
  const request: CreateScheduleRequest = {
    name: fields.name.trim().slice(0, SCHEDULE_NAME_MAX_LENGTH),
    category: service.category,
    provider_id: Number(fields.providerId),
    package_id: service.pricing.kind === 'plan' && !renewal ? Number(fields.planId) : null,
    beneficiary: fields.beneficiary.trim(),
    amount: service.pricing.kind === 'amount' ? Number(fields.amount) : null,
    frequency: fields.frequency,
    date: fields.frequency === 'once' ? fields.date : null,
    weekday: fields.frequency === 'weekly' ? Number(fields.weekday) : null,
    month_day: fields.frequency === 'monthly' ? Number(fields.monthDay) : null,
    days_before: renewal ? Number(fields.daysBefore) : null,
    time: fields.time,
    end: endOf(fields),
    ...confirmation,
  };
  return scheduleId === null ? request : { ...request, schedule_id: scheduleId };
}

// ── The calendar in words ─────────────────────────────────────────────────────────────────
// Written here rather than asked of Intl: a browser may hold no names for Pidgin, Hausa, Yoruba
// or Igbo, and would answer in English. The English is core/schedules.ts's describeTiming and
// describeEnd (which the server's e-mails use) and Intl's en-NG reading, word for word.

/** Sunday (0) to Saturday (6), as the form's weekday list and "Every Monday" name them. */
export const WEEKDAY_NAMES: readonly Words[] = [
  /*i18n*/ { id: 'schedule.day.sun', message: 'Sunday' },
  /*i18n*/ { id: 'schedule.day.mon', message: 'Monday' },
  /*i18n*/ { id: 'schedule.day.tue', message: 'Tuesday' },
  /*i18n*/ { id: 'schedule.day.wed', message: 'Wednesday' },
  /*i18n*/ { id: 'schedule.day.thu', message: 'Thursday' },
  /*i18n*/ { id: 'schedule.day.fri', message: 'Friday' },
  /*i18n*/ { id: 'schedule.day.sat', message: 'Saturday' },
];

const WEEKDAY_SHORT: readonly Words[] = [
  /*i18n*/ { id: 'schedule.dy.sun', message: 'Sun' },
  /*i18n*/ { id: 'schedule.dy.mon', message: 'Mon' },
  /*i18n*/ { id: 'schedule.dy.tue', message: 'Tue' },
  /*i18n*/ { id: 'schedule.dy.wed', message: 'Wed' },
  /*i18n*/ { id: 'schedule.dy.thu', message: 'Thu' },
  /*i18n*/ { id: 'schedule.dy.fri', message: 'Fri' },
  /*i18n*/ { id: 'schedule.dy.sat', message: 'Sat' },
];

// en-NG's short months, September's included ("Sept").
const MONTH_SHORT: readonly Words[] = [
  /*i18n*/ { id: 'schedule.mo.jan', message: 'Jan' },
  /*i18n*/ { id: 'schedule.mo.feb', message: 'Feb' },
  /*i18n*/ { id: 'schedule.mo.mar', message: 'Mar' },
  /*i18n*/ { id: 'schedule.mo.apr', message: 'Apr' },
  /*i18n*/ { id: 'schedule.mo.may', message: 'May' },
  /*i18n*/ { id: 'schedule.mo.jun', message: 'Jun' },
  /*i18n*/ { id: 'schedule.mo.jul', message: 'Jul' },
  /*i18n*/ { id: 'schedule.mo.aug', message: 'Aug' },
  /*i18n*/ { id: 'schedule.mo.sep', message: 'Sept' },
  /*i18n*/ { id: 'schedule.mo.oct', message: 'Oct' },
  /*i18n*/ { id: 'schedule.mo.nov', message: 'Nov' },
  /*i18n*/ { id: 'schedule.mo.dec', message: 'Dec' },
];

/**
 * A day of the month as "the 5th" writes it: English's suffixes, which Pidgin reads too; the
 * others write the number and their message says "day 5".
 */
export const dayOrdinal = (locale: Locale, day: number): string =>
  locale === 'en' || locale === 'pcm' ? ordinal(day) : String(day);

/** A schedule's timing in words: "Monthly on the 31st (or the month's last day) at 09:00". */
export function timingText(
  timing: Pick<ScheduleTiming, 'frequency' | 'date' | 'weekday' | 'month_day' | 'days_before' | 'time'>,
  say: Say,
  locale: Locale,
): string {
  const time = timing.time;
  switch (timing.frequency) {
    case 'once':
      return say(
        /*i18n*/ { id: 'schedule.timing.once', message: 'Once, on {date} at {time}' },
        {
          date: timing.date ?? '',
          time,
        },
      );
    case 'daily':
      return say(/*i18n*/ { id: 'schedule.timing.daily', message: 'Daily at {time}' }, { time });
    case 'weekly':
      return say(
        /*i18n*/ { id: 'schedule.timing.weekly', message: 'Every {weekday} at {time}' },
        {
          weekday: say(WEEKDAY_NAMES[timing.weekday ?? 0]),
          time,
        },
      );
    case 'monthly': {
      const day = timing.month_day ?? 1;
      const values = { day: dayOrdinal(locale, day), time };
      return day > 28
        ? say(
            /*i18n*/ {
              id: 'schedule.timing.monthlyLast',
              message: "Monthly on the {day} (or the month's last day) at {time}",
            },
            values,
          )
        : say(/*i18n*/ { id: 'schedule.timing.monthly', message: 'Monthly on the {day} at {time}' }, values);
    }
    case 'renewal': {
      const days = timing.days_before ?? 0;
      return days === 0
        ? say(/*i18n*/ { id: 'schedule.timing.dueDate', message: 'On the due date at {time}' }, { time })
        : say(
            /*i18n*/ {
              id: 'schedule.timing.daysBefore',
              message:
                '{days_plural, select, one {{days} day before the due date at {time}} other {{days} days before the due date at {time}}}',
            },
            { ...counted(locale, 'days', days), time },
          );
    }
  }
}

/** When a schedule ends, in words. */
export function endText(end: ScheduleEnd, say: Say, locale: Locale): string {
  if (end.kind === 'after')
    return say(
      /*i18n*/ {
        id: 'schedule.end.after',
        message: '{runs_plural, select, one {Ends after {runs} run} other {Ends after {runs} runs}}',
      },
      counted(locale, 'runs', end.runs),
    );
  if (end.kind === 'on') return say(/*i18n*/ { id: 'schedule.end.on', message: 'Ends on {date}' }, { date: end.date });
  return say(/*i18n*/ { id: 'schedule.end.never', message: 'No end date' });
}

/** An instant as Lagos reads it: "Sat, 5 Dec 2026, 09:00"; '' when unreadable. */
export function formatLagos(value: string | null, say: Say): string {
  const date = value === null ? new Date(NaN) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const [day, time] = lagosDateTime(date).split(' ');
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  return say(
    /*i18n*/ { id: 'schedule.instant', message: '{weekday}, {day} {month} {year}, {time}' },
    {
      weekday: say(WEEKDAY_SHORT[weekdayOf(day)]),
      day: String(dayOfMonth),
      month: say(MONTH_SHORT[month - 1]),
      year: String(year),
      time,
    },
  );
}
