import { assign, fromPromise, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { AcceptSchedulePriceRequest, Envelope, Schedule } from '../../../core/contract';
import {
  acceptSchedulePrice,
  actOnSchedule,
  authoriseSchedule,
  listSchedules,
  type ScheduleAction,
  type ScheduleAnswer,
} from '../../api/schedules/schedules';
import { pinNotCorrect, type FormStart } from '../../domain/schedules/schedules';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import {
  confirmationOf,
  pinAnswerActions,
  pinConfirmationActions,
  pinRefused,
  type PinConfirmation,
  pinDialogMachine,
  type PinDialogReport,
} from '../account/pinDialog';
import { passkeyHere } from '../../api/kit/webauthn';
import { scheduleFormMachine, type ScheduleFormOrigin } from './scheduleForm';
import type { sessionMachine } from '../app/session';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

export interface SchedulesInput extends FormStart {
  session: SessionRef;
  /** A form to open once the list is in (a service screen's "Schedule this", a purchase's "Repeat this"). */
  open: Exclude<ScheduleFormOrigin, { kind: 'edit' }> | null;
}

/**
 * What the pin (or a passkey in its place) authorises: a schedule's new price, or the schedule
 * again after the account's recovery.
 */
export type PinStep = 'price' | 'recovery';

export interface SchedulesContext extends SchedulesInput, PinConfirmation {
  schedules: Schedule[];
  /** The open form, if any. */
  form: ActorRefFrom<typeof scheduleFormMachine> | null;
  /** The schedule a step is about: to delete (asked first), pause, resume, retry, or authorise with the pin. */
  target: number | null;
  /** What the pin dialog is for while it is (or its answer is) under way. */
  step: PinStep;
  pinDialog: ActorRefFrom<typeof pinDialogMachine>;
}

export type SchedulesEvent =
  | { type: 'schedules.retry' }
  | { type: 'schedule.new' }
  | { type: 'schedule.edit'; id: number }
  | { type: 'schedule.act'; id: number; action: Exclude<ScheduleAction, 'delete'> }
  | { type: 'schedule.delete'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'schedule.acceptPrice'; id: number }
  | { type: 'schedule.authorise'; id: number }
  // Reports of the form and the pin dialog.
  | { type: 'form.saved'; schedule: Schedule; created: boolean }
  | { type: 'form.closed' }
  | PinDialogReport;

interface Act {
  action: ScheduleAction;
  id: number;
}

/** The call of a step: its request carries the pin, or the passkey's answer in its place. */
export type PinStepCall = { step: PinStep } & AcceptSchedulePriceRequest;

const upsert = (list: Schedule[], schedule: Schedule) =>
  list.some((s) => s.id === schedule.id) ? list.map((s) => (s.id === schedule.id ? schedule : s)) : [...list, schedule];

/**
 * /schedules: the user's schedules (loading, the list, or a message and Try again), and one step
 * at a time on them: a form (new, repeat, edit) whose save comes back into the list; pause,
 * resume or Retry now; delete after asking; with the pin, or the passkey the pin dialog offers
 * first where this device holds one, a new price accepted or a schedule paused by the account's
 * recovery authorised again (one dialog, one answer for both; the server checks and counts either).
 */
export const schedulesMachine = setup({
  types: {
    context: {} as SchedulesContext,
    events: {} as SchedulesEvent,
    input: {} as SchedulesInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    pinDialog: pinDialogMachine,
    scheduleForm: scheduleFormMachine,
    list: fromPromise<Envelope<Schedule[]>>(({ signal }) => listSchedules(signal)),
    act: fromPromise<Envelope<Schedule | undefined>, Act>(({ input, signal }) =>
      actOnSchedule(input.action, input.id, signal),
    ),
    authorise: fromPromise<ScheduleAnswer, PinStepCall>(({ input: { step, ...request }, signal }) =>
      step === 'price' ? acceptSchedulePrice(request, signal) : authoriseSchedule(request, signal),
    ),
  },
  actions: {
    ...effects,
    keepList: assign({ schedules: (_, params: { list: Schedule[] }) => params.list }),
    keepSchedule: assign({
      schedules: ({ context }, params: { schedule: Schedule }) => upsert(context.schedules, params.schedule),
    }),
    dropSchedule: assign({
      schedules: ({ context }, params: { id: number }) => context.schedules.filter((s) => s.id !== params.id),
    }),
    target: assign({ target: (_, params: { id: number }) => params.id }),
    keepStep: assign({ step: (_, params: { step: PinStep }) => params.step }),
    untarget: assign({ target: null }),
    openForm: assign({
      form: ({ context, spawn, self }, params: { origin: ScheduleFormOrigin }) =>
        spawn('scheduleForm', {
          id: 'scheduleForm',
          input: {
            owner: self,
            session: context.session,
            today: context.today,
            time: context.time,
            origin: params.origin,
          },
        }),
      open: null,
    }),
    stopForm: stopChild('scheduleForm'),
    forgetForm: assign({ form: null }),
    openPin: sendTo(({ context }) => context.pinDialog, { type: 'pin.open' as const }),
    ...pinConfirmationActions,
    // The balance may have changed (a retry bought): the session fetches the user again.
    refreshSession: sendTo(({ context }) => context.session, { type: 'session.refresh' as const }),
    ...pinAnswerActions,
  },
  guards: {
    opensForm: ({ context }) => context.open !== null,
    known: ({ context }, params: { id: number }) => context.schedules.some((s) => s.id === params.id),
    succeeded: (_, params: { answer: ScheduleAnswer }) => params.answer.type === 'success',
    pinRefused,
  },
}).createMachine({
  id: 'schedules',
  context: ({ input, spawn, self }) => ({
    ...input,
    schedules: [],
    form: null,
    target: null,
    step: 'price',
    pin: '',
    passkey: null,
    pinDialog: spawn('pinDialog', { id: 'pinDialog', input: { owner: self, passkeys: passkeyHere() } }),
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'list',
        src: 'list',
        onDone: {
          target: 'ready',
          actions: { type: 'keepList', params: ({ event }) => ({ list: event.output.data ?? [] }) },
        },
        onError: 'failed',
      },
    },
    failed: {
      on: { 'schedules.retry': 'loading' },
    },
    ready: {
      initial: 'starting',
      states: {
        starting: {
          always: [
            {
              guard: 'opensForm',
              target: 'editing',
              actions: { type: 'openForm', params: ({ context }) => ({ origin: context.open! }) },
            },
            { target: 'idle' },
          ],
        },
        idle: {
          on: {
            'schedule.new': {
              target: 'editing',
              actions: { type: 'openForm', params: { origin: { kind: 'new', fields: {} } } },
            },
            'schedule.edit': {
              guard: { type: 'known', params: ({ event }) => ({ id: event.id }) },
              target: 'editing',
              actions: {
                type: 'openForm',
                params: ({ context, event }) => ({
                  origin: { kind: 'edit', schedule: context.schedules.find((s) => s.id === event.id)! },
                }),
              },
            },
            'schedule.act': {
              target: 'acting',
              actions: { type: 'target', params: ({ event }) => ({ id: event.id }) },
            },
            'schedule.delete': {
              target: 'confirming',
              actions: { type: 'target', params: ({ event }) => ({ id: event.id }) },
            },
            'schedule.acceptPrice': {
              target: 'authorising',
              actions: [
                { type: 'target', params: ({ event }) => ({ id: event.id }) },
                { type: 'keepStep', params: { step: 'price' as const } },
              ],
            },
            'schedule.authorise': {
              target: 'authorising',
              actions: [
                { type: 'target', params: ({ event }) => ({ id: event.id }) },
                { type: 'keepStep', params: { step: 'recovery' as const } },
              ],
            },
          },
        },
        editing: {
          on: {
            'form.saved': {
              target: 'idle',
              actions: [
                { type: 'keepSchedule', params: ({ event }) => ({ schedule: event.schedule }) },
                'stopForm',
                'forgetForm',
              ],
            },
            'form.closed': { target: 'idle', actions: ['stopForm', 'forgetForm'] },
          },
        },
        confirming: {
          on: {
            'delete.confirm': 'deleting',
            'delete.cancel': { target: 'idle', actions: 'untarget' },
          },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            id: 'delete',
            src: 'act',
            input: ({ context }) => ({ action: 'delete' as const, id: context.target! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'dropSchedule', params: ({ context }) => ({ id: context.target! }) },
                { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
                'untarget',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
                'untarget',
              ],
            },
          },
        },
        acting: {
          tags: 'busy',
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context, event }) => ({
              action: (event as Extract<SchedulesEvent, { type: 'schedule.act' }>).action,
              id: context.target!,
            }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepSchedule', params: ({ event }) => ({ schedule: event.output.data! }) },
                { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
                'untarget',
                'refreshSession',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
                'untarget',
              ],
            },
          },
        },
        authorising: {
          entry: 'openPin',
          on: {
            'pin.accepted': {
              target: 'accepting',
              actions: { type: 'keepPin', params: ({ event }) => ({ pin: event.pin, passkey: event.passkey }) },
            },
            'pin.cancelled': { target: 'idle', actions: 'untarget' },
          },
        },
        accepting: {
          tags: 'busy',
          exit: 'forgetPin',
          invoke: {
            id: 'authorise',
            src: 'authorise',
            input: ({ context }) => ({ step: context.step, schedule_id: context.target!, ...confirmationOf(context) }),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ answer: event.output }) },
                target: 'idle',
                actions: [
                  { type: 'keepSchedule', params: ({ event }) => ({ schedule: event.output.data as Schedule }) },
                  { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
                  'untarget',
                  'refreshSession',
                ],
              },
              {
                guard: {
                  type: 'pinRefused',
                  params: ({ event }) => ({ answer: event.output, reason: 'pin-incorrect' as const }),
                },
                target: 'authorising',
                actions: [
                  // The server's words: a wrong pin, or a passkey it could not check.
                  { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
                  { type: 'countWrongPin', params: ({ event }) => ({ answer: event.output }) },
                ],
              },
              {
                guard: {
                  type: 'pinRefused',
                  params: ({ event }) => ({ answer: event.output, reason: 'pin-logout' as const }),
                },
                target: '#schedules.signedOut',
                actions: [
                  { type: 'toast', params: { level: 'error', message: pinNotCorrect } },
                  'logout',
                  { type: 'navigate', params: { to: '/login' } },
                ],
              },
              {
                guard: {
                  type: 'pinRefused',
                  params: ({ event }) => ({ answer: event.output, reason: 'pin-locked' as const }),
                },
                target: 'idle',
                actions: [
                  { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
                  'lockPurchases',
                  'untarget',
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
                  'untarget',
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
                'untarget',
              ],
            },
          },
        },
      },
    },
    /** Logged out after too many wrong pins; the screen is on its way to /login. */
    signedOut: { type: 'final' },
  },
});
