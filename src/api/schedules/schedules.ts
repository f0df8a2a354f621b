import type {
  AcceptSchedulePriceRequest,
  AuthoriseScheduleRequest,
  CreateScheduleRequest,
  Envelope,
  PinRefusal,
  Schedule,
  ScheduleDraft,
  ScheduleDraftRequest,
  ScheduleIdRequest,
  UpdateScheduleRequest,
} from '../../../core/contract';
import { call, callOk } from '../kit/http';

/**
 * Scheduled purchases (POST /api/schedules/*). The calls that carry the transaction pin
 * (create, update, accept-price, authorise) answer the envelope whatever it says, so the flow can read a
 * refused pin's reason; the others reject with the server's message.
 */

/** A save's or acceptance's answer: the schedule, or a refusal (a wrong pin with its reason in `data`). */
export type ScheduleAnswer =
  (Envelope<Schedule> & { type: 'success' }) | (Envelope<PinRefusal | undefined> & { type: 'error' });

export const listSchedules = (signal?: AbortSignal): Promise<Envelope<Schedule[]>> =>
  callOk<Schedule[]>('/api/schedules/list', {}, { signal });

export const draftSchedule = (transactionId: number, signal?: AbortSignal): Promise<Envelope<ScheduleDraft>> =>
  callOk<ScheduleDraft>('/api/schedules/draft', { transaction_id: transactionId } satisfies ScheduleDraftRequest, {
    signal,
  });

export const saveSchedule = (
  request: CreateScheduleRequest | UpdateScheduleRequest,
  signal?: AbortSignal,
): Promise<ScheduleAnswer> =>
  call<Schedule | PinRefusal>('schedule_id' in request ? '/api/schedules/update' : '/api/schedules/create', request, {
    signal,
  }) as Promise<ScheduleAnswer>;

export const acceptSchedulePrice = (
  request: AcceptSchedulePriceRequest,
  signal?: AbortSignal,
): Promise<ScheduleAnswer> =>
  call<Schedule | PinRefusal>('/api/schedules/accept-price', request, { signal }) as Promise<ScheduleAnswer>;

/** A schedule paused when the account was recovered, authorised again with the pin. */
export const authoriseSchedule = (request: AuthoriseScheduleRequest, signal?: AbortSignal): Promise<ScheduleAnswer> =>
  call<Schedule | PinRefusal>('/api/schedules/authorise', request, { signal }) as Promise<ScheduleAnswer>;

export type ScheduleAction = 'pause' | 'resume' | 'retry' | 'delete';

/** Pause, resume, retry now or delete one schedule: the schedule as it now is (none after a delete). */
export const actOnSchedule = (
  action: ScheduleAction,
  scheduleId: number,
  signal?: AbortSignal,
): Promise<Envelope<Schedule | undefined>> =>
  callOk<Schedule | undefined>(`/api/schedules/${action}`, { schedule_id: scheduleId } satisfies ScheduleIdRequest, {
    signal,
  });
