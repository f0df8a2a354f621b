import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Envelope, Schedule } from '../../../core/contract';
import * as messages from '../../../core/messages';
import type { ScheduleAnswer } from '../../../src/api/schedules/schedules';
import { schedulesMachine, type SchedulesInput } from '../../../src/machines/schedules/schedules';
import { ADA_PIN } from '../../fixtures';
import { CONFIRMATION } from '../account/pinDialog.model';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const monthlyData: Schedule = {
  id: 7,
  name: 'Monthly data',
  category: 'data',
  provider_id: 11,
  provider_name: 'MTN Data',
  package_id: 111,
  package_name: 'MTN 1GB – 30 days',
  beneficiary: '08031234567',
  amount: 500,
  authorised: 500,
  frequency: 'monthly',
  date: null,
  weekday: null,
  month_day: 5,
  days_before: null,
  due_date: null,
  time: '09:00',
  end: { kind: 'never' },
  runs_done: 1,
  status: 'active',
  paused_reason: null,
  next_run_at: '2026-12-05T08:00:00.000Z',
  last_run: {
    id: 3,
    due_at: '2026-11-05T08:00:00.000Z',
    tried_at: '2026-11-05T08:00:01.000Z',
    outcome: 'failed',
    reason: 'insufficient-balance',
    message: 'Could not run: your wallet balance was too low. Fund your wallet, then tap Retry now on Schedules.',
    amount: null,
    transaction_id: null,
    retryable: true,
  },
  new_price: null,
  created_at: '2026-10-01T10:00:00.000Z',
};
export const paused: Schedule = {
  ...monthlyData,
  status: 'paused',
  paused_reason: 'price-changed',
  new_price: 700,
  next_run_at: null,
};
/** Paused when the account was recovered: its latest run cannot be retried until the pin authorises it again. */
export const recovered: Schedule = {
  ...monthlyData,
  id: 9,
  name: 'Weekly airtime',
  status: 'paused',
  paused_reason: 'recovery',
  next_run_at: null,
  last_run: { ...monthlyData.last_run!, retryable: false },
};
export const retried: Schedule = {
  ...monthlyData,
  last_run: {
    ...monthlyData.last_run!,
    id: 4,
    outcome: 'completed',
    reason: null,
    message: 'Bought ₦500.00.',
    amount: 500,
    transaction_id: 90,
    retryable: false,
  },
};
const accepted: Schedule = { ...monthlyData, amount: 700, authorised: 700, last_run: retried.last_run };
export const saved: Schedule = { ...monthlyData, id: 8, name: 'Weekly airtime' };

export const ok = <T>(data: T, message: string): Envelope<T> => ({ type: 'success', message, data });
export const answers = {
  accepted: { type: 'success', message: 'New price accepted.', data: accepted } satisfies ScheduleAnswer,
  authorised: {
    type: 'success',
    message: 'Schedule authorised again.',
    data: { ...recovered, status: 'active', paused_reason: null, next_run_at: monthlyData.next_run_at },
  } satisfies ScheduleAnswer,
  wrongPin: {
    type: 'error',
    message: messages.pinNotCorrect.message,
    data: { reason: 'pin-incorrect', pin_attempts: 1, max_attempts: 3, attempts_left: 2 },
  } satisfies ScheduleAnswer,
  // A passkey the server could not check counts as a wrong pin, in its own words.
  passkeyRefused: {
    type: 'error',
    message: 'this passkey could not be checked: try again, or use your password or pin',
    data: { reason: 'pin-incorrect', pin_attempts: 1, max_attempts: 3, attempts_left: 2 },
  } satisfies ScheduleAnswer,
  pinLogout: {
    type: 'error',
    message: 'too many wrong transaction pins: you have been logged out (authorization revoked)',
    data: { reason: 'pin-logout' },
  } satisfies ScheduleAnswer,
  pinLocked: {
    type: 'error',
    message: 'purchases are locked after repeated wrong pins: please reset your transaction pin (Forgot pin?)',
    data: { reason: 'pin-locked' },
  } satisfies ScheduleAnswer,
  refused: { type: 'error', message: 'this schedule is not waiting for a new price' } satisfies ScheduleAnswer,
};
export const NETWORK_DOWN = 'Failed to fetch';

export const traversalSession = createTestSession({
  name: 'Ada Obi',
  email: 'ada@example.com',
  token: 'session-token',
  pin: 'set',
});
export const START = { today: '2026-11-26', time: '09:00' };

const model = createActorTestModel(schedulesMachine, [
  { type: 'xstate.done.actor.list', output: ok([monthlyData, paused, recovered], 'schedules fetched successfully') },
  { type: 'xstate.error.actor.list', error: NETWORK_DOWN },
  { type: 'schedule.edit', id: monthlyData.id },
  { type: 'schedule.act', id: monthlyData.id, action: 'retry' },
  { type: 'schedule.delete', id: monthlyData.id },
  { type: 'schedule.acceptPrice', id: paused.id },
  { type: 'schedule.authorise', id: recovered.id },
  { type: 'form.saved', schedule: saved, created: true },
  { type: 'xstate.done.actor.act', output: ok(retried, 'Bought ₦500.00.') },
  { type: 'xstate.error.actor.act', error: 'there is no run of this schedule to retry' },
  { type: 'xstate.done.actor.delete', output: ok(undefined, 'Schedule deleted.') },
  { type: 'xstate.error.actor.delete', error: NETWORK_DOWN },
  { type: 'pin.accepted', pin: ADA_PIN },
  // The passkey the pin dialog offers first where this device holds one: its answer, the pin empty.
  { type: 'pin.accepted', pin: '', passkey: CONFIRMATION },
  ...Object.values(answers).map((output) => ({ type: 'xstate.done.actor.authorise', output })),
  { type: 'xstate.error.actor.authorise', error: NETWORK_DOWN },
]);

/** A person takes one step on the list as it loaded; once a step changed the list, the path ends. */
const STEPS = new Set([
  ...['schedule.new', 'schedule.edit', 'schedule.act', 'schedule.delete'],
  ...['schedule.acceptPrice', 'schedule.authorise'],
]);
const untouched = (list: Schedule[]) =>
  list.map((s) => s.status).join() === 'active,paused,paused' && list[0].last_run?.id === monthlyData.last_run!.id;
const oneStep = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  !STEPS.has(event.type) || untouched(snapshot.context.schedules);

/**
 * The pin-checked answers all end in idle or in authorising again: keyed by the answer, and by
 * whether a pin or a passkey was sent, so each answer to each gets its path.
 */
const byAnswer = keyApart(model, ['xstate.done.actor.authorise']);
const key: typeof byAnswer = (snapshot, event, prev) =>
  byAnswer(snapshot, event, prev) +
  (event?.type === 'xstate.done.actor.authorise' && prev?.context.passkey ? ' (passkey)' : '');

const input = (open: SchedulesInput['open']): SchedulesInput => ({ session: traversalSession.actor, ...START, open });

export const schedulesModel: MachineModel = defineModel({
  name: 'schedules',
  machine: schedulesMachine,
  model,
  transitions: 27,
  traversals: [
    { label: '/schedules', options: { input: input(null), filterEvents: oneStep, serializeState: key } },
    {
      label: '/schedules?repeat=90 (Repeat this)',
      options: {
        input: input({ kind: 'repeat', transactionId: 90 }),
        filterEvents: (_, event) => !STEPS.has(event.type),
        serializeState: key,
      },
    },
  ],
  words: {
    'xstate.done.actor.list': (event) =>
      `the list call answers: ${(event.output as Envelope<Schedule[]>).data!.map((s) => `${s.name} (${s.status})`).join(', ')}`,
    'xstate.done.actor.authorise': (event) =>
      `the accept-price or authorise call answers: ${(event.output as ScheduleAnswer).message}`,
    'pin.accepted': (event) =>
      event.passkey ? 'confirm with the passkey' : 'type the transaction pin <pin> and submit it',
  },
});
