import type {
  CreateScheduleRequest,
  MerchantDetails,
  PinOrPasskey,
  Schedule,
  ScheduleDraft,
  ScheduleEnd,
  ScheduleFrequency,
  UpdateScheduleRequest,
} from '../../../core/contract';
import { messages } from '../../../core/messages';
import { scheduleWords } from '../../../core/words/schedules';
import { MAX_DAYS_BEFORE_DUE, MAX_END_RUNS, SCHEDULE_NAME_MAX_LENGTH } from '../../../core/schedules';
import { parseTime, weekdayOf } from '../../../core/scheduleCalendar';
import { serviceByKey, serviceOfCategory, type ServiceKey } from '../../../core/services';
import { lagosDayStart, lagosTimeInWords } from '../../../core/days';

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
): string | null {
  if (isBlank(fields.name)) return scheduleWords.nameRequired;
  if (fields.service === '') return messages.allFieldsRequired;
  const pricing = serviceByKey(fields.service).pricing.kind;
  const needsPlan = pricing === 'plan' && fields.frequency !== 'renewal';
  if (
    isBlank(fields.providerId) ||
    isBlank(fields.beneficiary) ||
    (needsPlan && isBlank(fields.planId)) ||
    (pricing === 'amount' && isBlank(fields.amount))
  )
    return messages.allFieldsRequired;
  if (fields.frequency === 'once' && !lagosDayStart(fields.date)) return scheduleWords.dateRequired;
  if (fields.frequency === 'weekly' && !wholeIn(fields.weekday, 0, 6)) return scheduleWords.weekdayRequired;
  if (fields.frequency === 'monthly' && !wholeIn(fields.monthDay, 1, 31)) return scheduleWords.monthDayRequired;
  if (fields.frequency === 'renewal' && !wholeIn(fields.daysBefore, 0, MAX_DAYS_BEFORE_DUE))
    return scheduleWords.daysBeforeRequired;
  if (parseTime(fields.time) === null) return scheduleWords.timeRequired;
  if (fields.endKind === 'after' && !wholeIn(fields.endRuns, 1, MAX_END_RUNS)) return scheduleWords.endRunsRequired;
  if (fields.endKind === 'on' && !lagosDayStart(fields.endDate)) return scheduleWords.endDateRequired;
  if (fields.frequency === 'renewal' && (renewal === null || renewal.beneficiary !== fields.beneficiary.trim()))
    return scheduleWords.verifyFirst;
  if (fields.frequency === 'renewal' && !renewal?.details.due_date) return scheduleWords.noDueDate;
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

/** An instant as Lagos reads it: "Sat, 5 Dec 2026, 09:00"; '' when unreadable. */
export function formatLagos(value: string | null): string {
  const date = value === null ? new Date(NaN) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : lagosTimeInWords(date, { weekday: true });
}
