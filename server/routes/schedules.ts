import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../i18n';
import { BENEFICIARY_INVALID, PIN_REQUIRED } from '../services/purchases/wording';
import { z } from 'zod';
import { Schedule, ScheduleDraft, type ScheduleEnd, type ScheduleTiming } from '../../core/contract';
import * as messages from '../../core/messages';
import { scheduleRules } from '../../core/words/schedules';
import {
  FREQUENCIES,
  MAX_DAYS_BEFORE_DUE,
  MAX_END_RUNS,
  SCHEDULABLE_CATEGORIES,
  SCHEDULE_NAME_MAX_LENGTH,
} from '../../core/schedules';
import { parseTime } from '../../core/scheduleCalendar';
import { lagosDayStart } from '../../core/days';
import type { RateLimits, RelyingParty } from '../config';
import { PasskeyAnswer } from '../../core/passkeys';
import type { Confirmation } from '../services/schedules/authoring';
import { passkeyConfirms } from './passkeys';
import { AppError } from '../errors';
import type { AppContext } from '../services/context';
import { createSchedule, updateSchedule, type ScheduleForm } from '../services/schedules/authoring';
import {
  acceptNewPrice,
  authoriseAgain,
  deleteSchedule,
  draftFromTransaction,
  pauseSchedule,
  resumeSchedule,
  retrySchedule,
} from '../services/schedules/control';
import { serviceOf } from '../services/schedules/products';
import type { ScheduleDeps } from '../services/schedules/running';
import { listSchedules } from '../services/schedules/scheduleRows';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import {
  catalogId,
  nairaAmountWithin,
  pin,
  positiveId,
  requestBody,
  RULES,
  say,
  saying,
  type Said,
} from '../http/fields';
import { noFields, pinRefusals, routeDoc, type RouteDoc } from '../http/openapi';
import { byAccount, limitRequests } from '../http/rateLimits';

export interface ScheduleRouteDeps {
  ctx: AppContext;
  schedules: ScheduleDeps;
  limits: RateLimits;
  /** Where a schedule's passkey must have been used (config `passkeys`). */
  rp: RelyingParty;
}

/** The pin, or a passkey's answer to a confirmation ceremony (`/api/passkeys/confirm/start`). */
const confirmation = {
  pin: pin('pin', PIN_REQUIRED).optional(),
  passkey: PasskeyAnswer.optional(),
};

/** The rules only a schedule has: said in the request's language when broken. */
const SCHEDULE_FIELDS = {
  day: /*i18n*/ { id: 'schedule.field.day', message: '{field} must be a day written YYYY-MM-DD' },
  end: /*i18n*/ { id: 'schedule.field.end', message: 'end must be never, after a number of runs, or on a day' },
};

const CONTROL_CHARACTERS = /\p{Cc}/u;
const day = (field: string, required: Said) =>
  z
    .string(saying(required))
    .refine((value) => lagosDayStart(value) !== null, saying(SCHEDULE_FIELDS.day, { field }))
    .nullish();
const wholeNumberIn = (min: number, max: number, required: Said) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,4}$/)
          .transform(Number),
      ],
      saying(required),
    )
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, saying(required))
    .nullish();

const endSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('never') }),
    z.object({
      kind: z.literal('after'),
      runs: z
        .number(saying(scheduleRules.endRunsRequired))
        .int(saying(scheduleRules.endRunsRequired))
        .min(1, saying(scheduleRules.endRunsRequired))
        .max(MAX_END_RUNS, saying(scheduleRules.endRunsRequired)),
    }),
    z.object({
      kind: z.literal('on'),
      date: z
        .string(saying(scheduleRules.endDateRequired))
        .refine((value) => lagosDayStart(value) !== null, saying(scheduleRules.endDateRequired)),
    }),
  ],
  saying(SCHEDULE_FIELDS.end),
);

/**
 * A schedule as the form sends it: the product, the timing, and the pin that authorises it (checked
 * against the service below).
 */
const scheduleFields = {
  name: z
    .string(saying(RULES.text, { field: 'name' }))
    .trim()
    .max(SCHEDULE_NAME_MAX_LENGTH, saying(RULES.longest, { field: 'name', max: SCHEDULE_NAME_MAX_LENGTH }))
    .refine((value) => !CONTROL_CHARACTERS.test(value), saying(RULES.controlCharacters, { field: 'name' }))
    .nullish()
    .transform((value) => value ?? ''),
  category: z.enum(
    SCHEDULABLE_CATEGORIES as [string, ...string[]],
    saying(RULES.oneOf, { field: 'category', values: SCHEDULABLE_CATEGORIES.join(', ') }),
  ),
  provider_id: catalogId('provider_id'),
  package_id: catalogId('package_id').nullish(),
  beneficiary: z.union([z.string(), z.number()], saying(messages.allFieldsRequired)).transform(String),
  amount: z.unknown().optional(),
  frequency: z.enum(
    FREQUENCIES as [string, ...string[]],
    saying(RULES.oneOf, { field: 'frequency', values: FREQUENCIES.join(', ') }),
  ),
  date: day('date', scheduleRules.dateRequired),
  weekday: wholeNumberIn(0, 6, scheduleRules.weekdayRequired),
  month_day: wholeNumberIn(1, 31, scheduleRules.monthDayRequired),
  days_before: wholeNumberIn(0, MAX_DAYS_BEFORE_DUE, scheduleRules.daysBeforeRequired),
  time: z
    .string(saying(scheduleRules.timeRequired))
    .refine((value) => parseTime(value) !== null, saying(scheduleRules.timeRequired)),
  end: endSchema.default({ kind: 'never' }),
  ...confirmation,
};
/**
 * What this module's calls answer once done, said in the request's language when answered. The
 * English is scheduleWords' own (core/words/schedules.ts), which the journeys look for.
 */
const done = {
  listed: /*i18n*/ { id: 'schedule.done.listed', message: 'schedules fetched successfully' },
  drafted: /*i18n*/ { id: 'schedule.done.drafted', message: 'schedule draft' },
  created: /*i18n*/ {
    id: 'schedule.done.created',
    message: 'Schedule saved. We will remind you the day before each run.',
  },
  updated: /*i18n*/ { id: 'schedule.done.updated', message: 'Schedule updated.' },
  paused: /*i18n*/ { id: 'schedule.done.paused', message: 'Schedule paused.' },
  resumed: /*i18n*/ { id: 'schedule.done.resumed', message: 'Schedule resumed.' },
  deleted: /*i18n*/ { id: 'schedule.done.deleted', message: 'Schedule deleted.' },
  retried: /*i18n*/ { id: 'schedule.done.retried', message: 'retried' },
  priceAccepted: /*i18n*/ { id: 'schedule.done.priceAccepted', message: 'New price accepted.' },
  authorised: /*i18n*/ { id: 'schedule.done.authorised', message: 'Schedule authorised again.' },
};

const createBody = requestBody(scheduleFields);
const updateBody = requestBody({ schedule_id: positiveId('schedule_id'), ...scheduleFields });
const idBody = requestBody({ schedule_id: positiveId('schedule_id') });
/** Accepting a new price, or authorising again after a recovery: the schedule, and the pin or a passkey. */
const acceptBody = requestBody({ schedule_id: positiveId('schedule_id'), ...confirmation });
const draftBody = requestBody({ transaction_id: positiveId('transaction_id') });

/** Each frequency's own field present (the others are ignored). */
function timingOf(body: z.output<typeof createBody>): ScheduleTiming {
  const need = <T>(value: T | null | undefined, message: Said): T => {
    if (value === null || value === undefined) throw new AppError(422, say(message));
    return value;
  };
  const frequency = body.frequency as ScheduleTiming['frequency'];
  return {
    frequency,
    date: frequency === 'once' ? need(body.date, scheduleRules.dateRequired) : null,
    weekday: frequency === 'weekly' ? need(body.weekday, scheduleRules.weekdayRequired) : null,
    month_day: frequency === 'monthly' ? need(body.month_day, scheduleRules.monthDayRequired) : null,
    days_before: frequency === 'renewal' ? need(body.days_before, scheduleRules.daysBeforeRequired) : null,
    time: body.time,
    end: body.end as ScheduleEnd,
  };
}

/**
 * The product asked for, by the service's own rules (the service table): its number, its plan or
 * its amount within limits.
 */
function formOf(body: z.output<typeof createBody>): ScheduleForm {
  const service = serviceOf(body.category);
  const beneficiary = service.beneficiary.normalise(body.beneficiary.trim());
  if (beneficiary === null)
    throw new AppError(
      422,
      body.beneficiary.trim() === '' ? t(messages.allFieldsRequired) : t(BENEFICIARY_INVALID[service.key]),
    );
  const renewal = body.frequency === 'renewal';
  const { pricing } = service;
  let amountKobo: bigint | null = null;
  if (pricing.kind === 'amount') {
    if (body.amount === undefined || body.amount === null || body.amount === '')
      throw new AppError(422, t(messages.allFieldsRequired));
    amountKobo = nairaAmountWithin('amount', pricing.minKobo, pricing.maxKobo).parse(body.amount);
  } else if (!renewal && !body.package_id) throw new AppError(422, t(messages.allFieldsRequired));
  return {
    name: body.name,
    service,
    providerId: body.provider_id,
    packageId: pricing.kind === 'plan' && !renewal ? (body.package_id ?? null) : null,
    beneficiary,
    amountKobo,
    renewal,
    timing: timingOf(body),
  };
}

/**
 * Schedules (POST /api/schedules/*): list, a draft from a completed purchase (Repeat this),
 * create and edit, pause, resume, delete, retry a failed run, accept a price that rose and
 * authorise again after a recovery; those that authorise take the pin or a passkey in its place.
 * Another user's schedule or transaction answers 404.
 */
export function registerScheduleRoutes(app: FastifyInstance, { ctx, schedules, limits, rp }: ScheduleRouteDeps) {
  const session = requireSession(ctx);
  /** The pin as typed, or whether the passkey confirmed (its refusal counted as a wrong pin's). */
  const confirmed = async (request: FastifyRequest, body: { pin?: string; passkey?: PasskeyAnswer }) => {
    if (body.passkey)
      return { passkeyConfirmed: await passkeyConfirms(ctx, rp, authOf(request), body.passkey, request.log) };
    if (body.pin === undefined) throw new AppError(422, t(PIN_REQUIRED));
    return body.pin satisfies Confirmation;
  };
  // Each write authorises or makes purchases: the purchase limit per account.
  const limited = [session, limitRequests(app, limits, 'purchase', byAccount)];
  // Most calls answer the schedule as it now stands; those that take the pin may refuse it.
  const doc = (
    summary: string,
    body: z.ZodType,
    errors: number[],
    answer: Pick<RouteDoc, 'data' | 'errorData'> = { data: Schedule },
  ) => routeDoc({ summary, tags: ['schedules'], auth: true, body, errors, ...answer });
  const withPin = { data: Schedule, errorData: pinRefusals };

  app.post(
    '/api/schedules/list',
    {
      schema: routeDoc({
        summary: "The caller's schedules, each with its next run and latest run",
        tags: ['schedules'],
        auth: true,
        body: noFields,
        data: z.array(Schedule),
      }),
      preHandler: session,
    },
    async (request) => success(t(done.listed), await listSchedules(ctx, authOf(request).userId)),
  );

  app.post(
    '/api/schedules/draft',
    {
      schema: doc('What a completed purchase would repeat, as a schedule to complete', draftBody, [404, 422], {
        data: ScheduleDraft,
      }),
      preHandler: session,
    },
    async (request) => {
      const body = draftBody.parse(request.body);
      return success(t(done.drafted), await draftFromTransaction(ctx, authOf(request).userId, body.transaction_id));
    },
  );

  app.post(
    '/api/schedules/create',
    {
      schema: doc(
        'A schedule, authorised with the transaction pin up to what its product costs now',
        createBody,
        [400, 403, 404, 409, 422, 423, 429, 502],
        withPin,
      ),
      preHandler: limited,
    },
    async (request) => {
      const body = createBody.parse(request.body);
      const form = formOf(body);
      return success(
        t(done.created),
        await createSchedule(ctx, schedules.biller, authOf(request), await confirmed(request, body), form),
      );
    },
  );

  app.post(
    '/api/schedules/update',
    {
      schema: doc(
        'Edit a schedule: authorised again with the pin',
        updateBody,
        [400, 403, 404, 409, 422, 423, 429, 502],
        withPin,
      ),
      preHandler: limited,
    },
    async (request) => {
      const body = updateBody.parse(request.body);
      const form = formOf(body);
      return success(
        t(done.updated),
        await updateSchedule(
          ctx,
          schedules.biller,
          authOf(request),
          await confirmed(request, body),
          body.schedule_id,
          form,
        ),
      );
    },
  );

  app.post(
    '/api/schedules/pause',
    { schema: doc('Pause a schedule', idBody, [404, 409, 422, 429]), preHandler: limited },
    async (request) => {
      const body = idBody.parse(request.body);
      return success(t(done.paused), await pauseSchedule(ctx, authOf(request).userId, body.schedule_id));
    },
  );

  app.post(
    '/api/schedules/resume',
    {
      schema: doc('Resume a paused schedule from its next due time', idBody, [404, 409, 422, 429]),
      preHandler: limited,
    },
    async (request) => {
      const body = idBody.parse(request.body);
      return success(t(done.resumed), await resumeSchedule(ctx, authOf(request).userId, body.schedule_id));
    },
  );

  app.post(
    '/api/schedules/delete',
    { schema: doc('Delete a schedule', idBody, [404, 422, 429], {}), preHandler: limited },
    async (request) => {
      const body = idBody.parse(request.body);
      await deleteSchedule(ctx, authOf(request).userId, body.schedule_id);
      return success(t(done.deleted));
    },
  );

  app.post(
    '/api/schedules/retry',
    {
      schema: doc(
        "Retry now: the schedule's latest run, which failed or was missed, made at once",
        idBody,
        [404, 409, 422, 429],
      ),
      preHandler: limited,
    },
    async (request) => {
      const body = idBody.parse(request.body);
      const schedule = await retrySchedule(ctx, schedules, authOf(request).userId, body.schedule_id);
      return success(schedule.last_run?.message ?? t(done.retried), schedule);
    },
  );

  app.post(
    '/api/schedules/accept-price',
    {
      schema: doc(
        'Accept the price that rose, with the pin or a passkey: authorised again, resumed, and the stopped run made',
        acceptBody,
        [400, 401, 404, 409, 422, 423, 429, 502],
        withPin,
      ),
      preHandler: limited,
    },
    async (request) => {
      const body = acceptBody.parse(request.body);
      return success(
        t(done.priceAccepted),
        await acceptNewPrice(ctx, schedules, authOf(request), await confirmed(request, body), body.schedule_id),
      );
    },
  );

  const authoriseSummary =
    'Authorise again, with the pin or a passkey, a schedule paused by a recovery: it runs from its next run';
  const authoriseErrors = [400, 401, 403, 404, 409, 422, 423, 429];
  const authorise = { schema: doc(authoriseSummary, acceptBody, authoriseErrors, withPin), preHandler: limited };
  app.post('/api/schedules/authorise', authorise, async (request) => {
    const body = acceptBody.parse(request.body);
    const again = await authoriseAgain(ctx, authOf(request), await confirmed(request, body), body.schedule_id);
    return success(t(done.authorised), again);
  });
}
