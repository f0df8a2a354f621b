import type { Schedule, ScheduleTiming } from '../../../core/contract';
import { t } from '../../i18n';
import * as messages from '../../../core/messages';
import { formatNaira, koboToNaira } from '../../../core/money';
import {
  describeEnd,
  describeTiming,
  MAX_SCHEDULES_PER_USER,
  ruleOf,
  SCHEDULE_NAME_MAX_LENGTH,
} from '../../../core/schedules';
import { DAY_MS } from '../../../core/days';
import { nextRunAfter, parseTime, renewalRunAt, withinEnd } from '../../../core/scheduleCalendar';
import type { SchedulesTable } from '../../db/schema';
import { AppError, must } from '../../errors';
import type { Biller } from '../../gateways/biller';
import { inTransaction, type AppContext } from '../context';
import { tellOwnerOfChange } from '../account/credentialAlerts';
import { checkPasskey, checkPin, lockPinHolder, refusePin, type WrongPin } from '../account/pins';
import { PASSKEY_REFUSED } from '../account/passkeyCeremonies';
import { PIN_NOT_SET } from '../purchases/wording';
import type { Session } from '../account/sessions';
import { priceProduct, type Product, type Renewal, type Wanted } from './products';
import { endOf, ownSchedule, scheduleView } from './scheduleRows';

/**
 * Making and editing a schedule: the owner's transaction pin authorises it (checked and counted
 * like a purchase's), and with it the most each run may spend — what the product costs now: the
 * plan's price, the amount typed, or the renewal amount the biller verifies. The first run is
 * worked out from the timing in Lagos time (core/scheduleCalendar.ts). Whoever holds a session
 * and the pin can do it, so each is e-mailed to the owner at once with a "this wasn't me" link
 * (credentialAlerts.ts), as a credential change is.
 */

const tooManySchedules = () =>
  t(
    /*i18n*/ {
      id: 'schedule.refused.tooMany',
      message: 'you can keep at most {max} schedules: delete one you no longer need first',
    },
    { max: String(MAX_SCHEDULES_PER_USER) },
  );
export const NOT_IN_FUTURE = /*i18n*/ {
  id: 'schedule.refused.past',
  message: 'that time has already passed: please choose a time in the future',
};
export const ENDS_BEFORE_FIRST_RUN = /*i18n*/ {
  id: 'schedule.refused.endsFirst',
  message: 'the schedule would end before its first run: please choose a later end',
};

export interface ScheduleForm extends Wanted {
  name: string;
  timing: ScheduleTiming;
}

/** What the route's timingOf holds of a form's timing: a valid time, and its frequency's own field. */
const ROUTE_TIMING = "the route took the timing with a valid time and its frequency's field (timingOf)";

/** The first run of a timing at `now`: its rule's next, or — a renewal due sooner than its days before — at once. */
function firstRun(timing: ScheduleTiming, renewal: Renewal | null, now: Date): Date {
  const time = must(parseTime(timing.time), ROUTE_TIMING);
  let at: Date | null;
  if (renewal) {
    const due = renewalRunAt(renewal.dueDate, must(timing.days_before, ROUTE_TIMING), time);
    at = due > now ? due : now;
  } else {
    const rule = ruleOf(timing);
    if (!rule) throw new Error('schedules: the route let a timing through without its fields');
    at = nextRunAfter(rule, now);
  }
  if (!at) throw new AppError(422, t(NOT_IN_FUTURE));
  if (
    !withinEnd(
      endOf({
        end_kind: timing.end.kind,
        end_runs: timing.end.kind === 'after' ? timing.end.runs : null,
        end_date: timing.end.kind === 'on' ? timing.end.date : null,
      }),
      0,
      at,
    )
  ) {
    throw new AppError(422, t(ENDS_BEFORE_FIRST_RUN));
  }
  return at;
}

/** The columns a form and its authorisation set, on creation and on every edit. */
function columnsOf(form: ScheduleForm, product: Product, renewal: Renewal | null, nextRunAt: Date, now: Date) {
  const { timing } = form;
  const end = timing.end;
  return {
    name: form.name || defaultName(product, form.beneficiary),
    category: form.service.category,
    provider_id: product.providerId,
    package_id: product.packageId,
    beneficiary: form.beneficiary,
    amount_kobo: product.amountKobo,
    authorised_kobo: product.amountKobo,
    authorised_at: now,
    cadence: timing.frequency,
    run_date: timing.frequency === 'once' ? must(timing.date, ROUTE_TIMING) : null,
    weekday: timing.frequency === 'weekly' ? must(timing.weekday, ROUTE_TIMING) : null,
    month_day: timing.frequency === 'monthly' ? must(timing.month_day, ROUTE_TIMING) : null,
    due_date: renewal?.dueDate ?? null,
    days_before: renewal ? must(timing.days_before, ROUTE_TIMING) : null,
    run_time: must(parseTime(timing.time), ROUTE_TIMING),
    end_kind: end.kind,
    end_runs: end.kind === 'after' ? end.runs : null,
    end_date: end.kind === 'on' ? end.date : null,
    failures_in_row: 0,
    status: 'active' as const,
    paused_reason: null,
    next_run_at: nextRunAt,
    lease_until: null,
    // A run less than a day away was just chosen: no reminder of it.
    reminded_for: nextRunAt.getTime() - now.getTime() < DAY_MS ? nextRunAt : null,
    updated_at: now,
  } satisfies Partial<Record<keyof SchedulesTable, unknown>>;
}

/**
 * A schedule's name when its owner gives none: what it buys and for whom, or what it buys alone
 * when both do not fit.
 */
export function defaultName(
  product: Pick<Product, 'providerName' | 'packageName' | 'amountKobo'>,
  beneficiary: string,
): string {
  const what = product.packageName ?? `${product.providerName} ${formatNaira(koboToNaira(product.amountKobo))}`;
  const full = `${what} for ${beneficiary}`;
  if (full.length <= SCHEDULE_NAME_MAX_LENGTH) return full;
  return what.length <= SCHEDULE_NAME_MAX_LENGTH ? what : `${what.slice(0, SCHEDULE_NAME_MAX_LENGTH - 1)}…`;
}

/**
 * What authorises a schedule: the pin as typed, or whether a passkey confirmed it
 * (services/account/passkeys.ts confirmedByPasskey).
 */
export type Confirmation = string | { passkeyConfirmed: boolean };

/**
 * Checks the pin or the passkey's outcome (counted; a wrong one is committed and refused) and,
 * when right, does `write` in the same transaction, under the account lock.
 */
export async function withPin<T>(
  ctx: AppContext,
  session: Session,
  pin: Confirmation,
  write: (tx: AppContext) => Promise<T>,
): Promise<T> {
  const outcome = await inTransaction(ctx, async (tx): Promise<{ wrong: WrongPin } | { done: T }> => {
    const holder = await lockPinHolder(tx, session.userId);
    if (holder.pin_sealed === null) throw new AppError(403, t(PIN_NOT_SET));
    const check =
      typeof pin === 'string'
        ? await checkPin(tx, holder, pin, session.id)
        : await checkPasskey(tx, holder, pin.passkeyConfirmed, session.id);
    if (check.kind !== 'correct') return { wrong: check };
    return { done: await write(tx) };
  });
  if ('wrong' in outcome)
    throw refusePin(ctx, outcome.wrong, typeof pin === 'string' ? t(messages.pinNotCorrect) : PASSKEY_REFUSED);
  return outcome.done;
}

/** What the owner's e-mail says a schedule is: its name, what each run buys, and when. */
function described(name: string, product: Product, form: ScheduleForm): string {
  const when = `${describeTiming(form.timing)} (Lagos time), ${describeEnd(form.timing.end).toLowerCase()}`;
  return `“${name}”, ${formatNaira(koboToNaira(product.amountKobo))} for ${form.beneficiary}, ${when}.`;
}

/** A new schedule, authorised with the pin. */
export async function createSchedule(
  ctx: AppContext,
  biller: Biller,
  session: Session,
  pin: Confirmation,
  form: ScheduleForm,
): Promise<Schedule> {
  const { product, renewal } = await priceProduct(ctx, biller, form);
  const now = ctx.clock.now();
  const nextRunAt = firstRun(form.timing, renewal, now);
  const id = await withPin(ctx, session, pin, async (tx) => {
    const { kept } = await tx.db
      .selectFrom('schedules')
      .select((eb) => eb.fn.countAll<bigint>().as('kept'))
      .where('user_id', '=', session.userId)
      .where('status', '<>', 'deleted')
      .executeTakeFirstOrThrow();
    if (Number(kept) >= MAX_SCHEDULES_PER_USER) throw new AppError(409, tooManySchedules());
    const row = await tx.db
      .insertInto('schedules')
      .values({ ...columnsOf(form, product, renewal, nextRunAt, now), user_id: session.userId, created_at: now })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await tellOwnerOfChange(tx, session.userId, 'schedule-created', described(row.name, product, form));
    return row.id;
  });
  return scheduleView(ctx, session.userId, id);
}

/**
 * An edit: a new authorisation with the pin, the product priced again and the next run worked
 * out from now. Runs already made still count towards "after N runs"; a paused schedule is
 * active again, its failures forgotten.
 */
export async function updateSchedule(
  ctx: AppContext,
  biller: Biller,
  session: Session,
  pin: Confirmation,
  scheduleId: number,
  form: ScheduleForm,
): Promise<Schedule> {
  await ownSchedule(ctx, session.userId, scheduleId);
  const { product, renewal } = await priceProduct(ctx, biller, form);
  const now = ctx.clock.now();
  const nextRunAt = firstRun(form.timing, renewal, now);
  await withPin(ctx, session, pin, async (tx) => {
    const current = await ownSchedule(tx, session.userId, scheduleId, true);
    if (current.end_kind === 'after' && form.timing.end.kind === 'after' && current.runs_done >= form.timing.end.runs)
      throw new AppError(422, t(ENDS_BEFORE_FIRST_RUN));
    const columns = columnsOf(form, product, renewal, nextRunAt, now);
    await tx.db.updateTable('schedules').set(columns).where('id', '=', current.id).execute();
    await tellOwnerOfChange(tx, session.userId, 'schedule-changed', described(columns.name, product, form));
  });
  return scheduleView(ctx, session.userId, BigInt(scheduleId));
}
