import { assign, fromPromise, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type {
  CreateScheduleRequest,
  Envelope,
  MerchantDetails,
  Schedule,
  ScheduleDraft,
  UpdateScheduleRequest,
  VerifyMerchantRequest,
} from '../../../core/contract';
import { serviceByKey, type ServiceKey } from '../../../core/services';
import { verifyMerchant } from '../../api/purchases/purchases';
import { draftSchedule, saveSchedule, type ScheduleAnswer } from '../../api/schedules/schedules';
import { amountInput, beneficiaryInput } from '../../domain/kit/numericInput';
import {
  blankFields,
  fieldsFromDraft,
  fieldsFromSchedule,
  formRules,
  pinNotCorrect,
  scheduleRequest,
  validateSchedule,
  type FormStart,
  type ScheduleFields,
} from '../../domain/schedules/schedules';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import {
  confirmationOf,
  pinAnswerActions,
  pinConfirmationActions,
  pinRefused,
  type PinConfirmation,
  pinDialogMachine,
} from '../account/pinDialog';
import type { PasskeyConfirmation } from '../../api/account/passkeys';
import { passkeyHere } from '../../api/kit/webauthn';
import type { sessionMachine } from '../app/session';

/**
 * Where a schedule form comes from: a new one (a service chosen, fields filled from a service
 * screen), a completed purchase to repeat, or a schedule to edit.
 */
export type ScheduleFormOrigin =
  | { kind: 'new'; fields: Partial<ScheduleFields> }
  | { kind: 'repeat'; transactionId: number }
  | { kind: 'edit'; schedule: Schedule };

export interface ScheduleFormInput extends FormStart {
  /** The Schedules screen: it hears `form.saved` with the schedule, or `form.closed`. */
  owner: AnyActorRef;
  session: ActorRefFrom<typeof sessionMachine>;
  origin: ScheduleFormOrigin;
}

export interface ScheduleFormContext extends FormStart, PinConfirmation {
  owner: AnyActorRef;
  session: ActorRefFrom<typeof sessionMachine>;
  fields: ScheduleFields;
  /** The schedule edited; null for a new one. */
  scheduleId: number | null;
  /** A completed purchase whose product is loading (Repeat this); null otherwise. */
  transactionId: number | null;
  /** A cable renewal's smartcard as the biller verified it (due date, renewal amount), and the number verified. */
  renewal: { details: MerchantDetails; beneficiary: string } | null;
  pinDialog: ActorRefFrom<typeof pinDialogMachine>;
}

export type ScheduleFormEvent =
  | {
      type: 'form.set';
      field: Exclude<
        keyof ScheduleFields,
        'service' | 'providerId' | 'beneficiary' | 'amount' | 'frequency' | 'endKind'
      >;
      value: string;
    }
  | { type: 'form.service'; value: string }
  | { type: 'form.provider'; value: string }
  | { type: 'form.beneficiary'; value: string }
  | { type: 'form.amount'; value: string }
  | { type: 'form.frequency'; value: ScheduleFields['frequency'] }
  | { type: 'form.end'; value: ScheduleFields['endKind'] }
  | { type: 'form.verify' }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'pin.accepted'; pin: string; passkey?: PasskeyConfirmation }
  | { type: 'pin.cancelled' };

/** What the form tells the Schedules screen. */
export type ScheduleFormReport = { type: 'form.saved'; schedule: Schedule; created: boolean } | { type: 'form.closed' };

function initialFields(input: ScheduleFormInput): ScheduleFields {
  const { origin } = input;
  if (origin.kind === 'edit') return fieldsFromSchedule(origin.schedule, input);
  const blank = blankFields('', input);
  return origin.kind === 'new' ? { ...blank, ...origin.fields } : blank;
}

const verifyRequest = ({ fields }: ScheduleFormContext): VerifyMerchantRequest => ({
  provider_id: Number(fields.providerId),
  beneficiary: fields.beneficiary.trim(),
});

/** The first rule the form breaks, or null. */
const problemOf = ({ fields, renewal }: Pick<ScheduleFormContext, 'fields' | 'renewal'>) =>
  validateSchedule(fields, renewal);

/**
 * A schedule's form (create from a service or a purchase — Repeat this — or edit): a repeated
 * purchase first loads what it bought; the fields are checked in order (the form's own rules,
 * then the server's); a cable renewal verifies the smartcard, whose due date and renewal amount
 * set it; then the pin dialog, and the save, which the pin authorises (the server counts a wrong
 * pin; one past the maximum logs out). Saved or cancelled, the form reports to its owner.
 */
export const scheduleFormMachine = setup({
  types: {
    context: {} as ScheduleFormContext,
    events: {} as ScheduleFormEvent,
    input: {} as ScheduleFormInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    pinDialog: pinDialogMachine,
    loadDraft: fromPromise<Envelope<ScheduleDraft>, { transactionId: number }>(({ input, signal }) =>
      draftSchedule(input.transactionId, signal),
    ),
    verifyRenewal: fromPromise<Envelope<MerchantDetails>, VerifyMerchantRequest>(({ input, signal }) =>
      verifyMerchant(input, signal),
    ),
    save: fromPromise<ScheduleAnswer, CreateScheduleRequest | UpdateScheduleRequest>(({ input, signal }) =>
      saveSchedule(input, signal),
    ),
  },
  actions: {
    ...effects,
    useDraft: assign(({ context }, params: { draft: ScheduleDraft }) => ({
      fields: fieldsFromDraft(params.draft, context),
      transactionId: null,
    })),
    setField: assign(({ context }, params: { field: keyof ScheduleFields; value: string }) => ({
      fields: { ...context.fields, [params.field]: params.value },
    })),
    // Another service starts its product again; a provider clears its plan.
    setService: assign(({ context }, params: { value: string }) => ({
      fields: {
        ...context.fields,
        service: params.value as ServiceKey | '',
        providerId: '',
        planId: '',
        beneficiary: '',
        amount: '',
        frequency: context.fields.frequency === 'renewal' ? 'monthly' : context.fields.frequency,
      },
      renewal: null,
    })),
    setProvider: assign(({ context }, params: { value: string }) => ({
      fields: { ...context.fields, providerId: params.value, planId: '' },
      renewal: null,
    })),
    setBeneficiary: assign(({ context }, params: { value: string }) => ({
      fields: {
        ...context.fields,
        beneficiary:
          context.fields.service === ''
            ? params.value
            : beneficiaryInput(serviceByKey(context.fields.service).beneficiary, params.value),
      },
    })),
    setAmount: assign(({ context }, params: { value: string }) => ({
      fields: { ...context.fields, amount: amountInput(params.value) },
    })),
    setFrequency: assign(({ context }, params: { value: ScheduleFields['frequency'] }) => ({
      fields: { ...context.fields, frequency: params.value },
    })),
    setEnd: assign(({ context }, params: { value: ScheduleFields['endKind'] }) => ({
      fields: { ...context.fields, endKind: params.value },
    })),
    keepRenewal: assign(({ context }, params: { details: MerchantDetails }) => ({
      renewal: { details: params.details, beneficiary: context.fields.beneficiary.trim() },
      fields:
        params.details.renewal_amount === undefined
          ? context.fields
          : { ...context.fields, amount: String(params.details.renewal_amount) },
    })),
    openPin: sendTo(({ context }) => context.pinDialog, { type: 'pin.open' as const }),
    ...pinConfirmationActions,
    reportSaved: sendTo(
      ({ context }) => context.owner,
      ({ context }, params: { schedule: Schedule }): ScheduleFormReport => ({
        type: 'form.saved',
        schedule: params.schedule,
        created: context.scheduleId === null,
      }),
    ),
    reportClosed: sendTo(({ context }) => context.owner, { type: 'form.closed' } satisfies ScheduleFormReport),
    ...pinAnswerActions,
  },
  guards: {
    repeating: ({ context }) => context.transactionId !== null,
    invalid: ({ context }) => problemOf(context) !== null,
    // Everything else is right and the smartcard is not verified (or another number is in the
    // field): verifying is the next step.
    awaitsVerification: ({ context }) => problemOf(context) === formRules.verifyFirst,
    verifiable: ({ context }) => context.fields.providerId !== '' && context.fields.beneficiary.trim() !== '',
    succeeded: (_, params: { answer: ScheduleAnswer }) => params.answer.type === 'success',
    pinRefused,
  },
}).createMachine({
  id: 'scheduleForm',
  context: ({ input, spawn, self }) => ({
    owner: input.owner,
    session: input.session,
    today: input.today,
    time: input.time,
    fields: initialFields(input),
    scheduleId: input.origin.kind === 'edit' ? input.origin.schedule.id : null,
    transactionId: input.origin.kind === 'repeat' ? input.origin.transactionId : null,
    renewal: null,
    pin: '',
    passkey: null,
    pinDialog: spawn('pinDialog', { id: 'pinDialog', input: { owner: self, passkeys: passkeyHere() } }),
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'repeating', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        input: ({ context }) => ({ transactionId: context.transactionId! }),
        onDone: {
          target: 'editing',
          actions: { type: 'useDraft', params: ({ event }) => ({ draft: event.output.data! }) },
        },
        // The purchase cannot be repeated (or could not be read): said, and the form closes.
        onError: {
          target: 'closed',
          actions: [
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
            'reportClosed',
          ],
        },
      },
    },
    editing: {
      on: {
        'form.set': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.service': { actions: { type: 'setService', params: ({ event }) => ({ value: event.value }) } },
        'form.provider': { actions: { type: 'setProvider', params: ({ event }) => ({ value: event.value }) } },
        'form.beneficiary': { actions: { type: 'setBeneficiary', params: ({ event }) => ({ value: event.value }) } },
        'form.amount': { actions: { type: 'setAmount', params: ({ event }) => ({ value: event.value }) } },
        'form.frequency': { actions: { type: 'setFrequency', params: ({ event }) => ({ value: event.value }) } },
        'form.end': { actions: { type: 'setEnd', params: ({ event }) => ({ value: event.value }) } },
        'form.verify': [
          { guard: 'verifiable', target: 'verifying' },
          { actions: { type: 'toast', params: { level: 'error', message: formRules.allFieldsRequired } } },
        ],
        'form.submit': [
          { guard: 'awaitsVerification', target: 'verifying' },
          {
            guard: 'invalid',
            actions: { type: 'toast', params: ({ context }) => ({ level: 'error', message: problemOf(context)! }) },
          },
          { target: 'authorising' },
        ],
        'form.cancel': { target: 'closed', actions: 'reportClosed' },
      },
    },
    verifying: {
      tags: 'busy',
      invoke: {
        id: 'verifyRenewal',
        src: 'verifyRenewal',
        input: ({ context }) => verifyRequest(context),
        onDone: {
          target: 'editing',
          actions: { type: 'keepRenewal', params: ({ event }) => ({ details: event.output.data ?? { name: '' } }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    authorising: {
      entry: 'openPin',
      on: {
        'pin.accepted': {
          target: 'saving',
          actions: { type: 'keepPin', params: ({ event }) => ({ pin: event.pin, passkey: event.passkey }) },
        },
        'pin.cancelled': 'editing',
      },
    },
    saving: {
      tags: 'busy',
      exit: 'forgetPin',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => scheduleRequest(context.fields, confirmationOf(context), context.scheduleId),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ answer: event.output }) },
            target: 'closed',
            actions: [
              { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
              { type: 'reportSaved', params: ({ event }) => ({ schedule: event.output.data as Schedule }) },
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
            target: 'closed',
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
            target: 'editing',
            actions: [
              { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
              'lockPurchases',
            ],
          },
          {
            target: 'editing',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: event.output.message }) },
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    closed: { type: 'final' },
  },
});
