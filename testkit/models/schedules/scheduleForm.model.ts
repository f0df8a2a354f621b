import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Envelope, MerchantDetails, Schedule, ScheduleDraft } from '../../../core/contract';
import type { ScheduleAnswer } from '../../../src/api/schedules/schedules';
import type { ScheduleFields } from '../../../src/domain/schedules/schedules';
import {
  scheduleFormMachine,
  type ScheduleFormInput,
  type ScheduleFormOrigin,
  type ScheduleFormReport,
} from '../../../src/machines/schedules/scheduleForm';
import { ADA_PIN } from '../../fixtures';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { listeningOwner } from '../kit/listeningOwner';
import { defineModel, type MachineModel, type Traversal } from '../kit/machineModel';
import { answers, monthlyData, NETWORK_DOWN, START, traversalSession } from './schedules.model';

export const draft: ScheduleDraft = {
  category: 'data',
  provider_id: 11,
  package_id: 111,
  beneficiary: '08031234567',
  amount: null,
  name: 'MTN 1GB – 30 days for 08031234567',
};
export const smartcard: MerchantDetails = {
  name: 'ADA OBI',
  current_plan: 'DStv Compact',
  renewal_amount: 19_000,
  due_date: '2026-12-01',
};
/** A provider that tells no due date (Startimes): it cannot set a renewal. */
export const noDueDate: MerchantDetails = { name: 'ADA OBI' };
export const savedAnswer = (schedule: Schedule, message: string): ScheduleAnswer => ({
  type: 'success',
  message,
  data: schedule,
});
export const NOT_REPEATABLE =
  'only a completed purchase of airtime, data, electricity, cable TV or exam pins can be repeated';

/** What a person types into an airtime schedule, in the form's order: the name, the network, the number (with junk a paste brings), the amount, and an end. */
export const AIRTIME_STEPS: AnyEventObject[] = [
  { type: 'form.set', field: 'name', value: 'Mum airtime' },
  { type: 'form.provider', value: '1' },
  { type: 'form.beneficiary', value: '0803-x 1234567' },
  { type: 'form.amount', value: '₦5e00' },
  { type: 'form.end', value: 'after' },
  { type: 'form.set', field: 'endRuns', value: '3' },
];

const model = createActorTestModel(scheduleFormMachine, [
  ...AIRTIME_STEPS,
  { type: 'form.service', value: 'airtime' },
  { type: 'form.frequency', value: 'renewal' },
  { type: 'pin.accepted', pin: ADA_PIN },
  {
    type: 'xstate.done.actor.loadDraft',
    output: { type: 'success', message: 'schedule draft', data: draft } satisfies Envelope<ScheduleDraft>,
  },
  { type: 'xstate.error.actor.loadDraft', error: NOT_REPEATABLE },
  {
    type: 'xstate.done.actor.verifyRenewal',
    output: {
      type: 'success',
      message: 'merchant verified successfully',
      data: smartcard,
    } satisfies Envelope<MerchantDetails>,
  },
  {
    type: 'xstate.done.actor.verifyRenewal',
    output: {
      type: 'success',
      message: 'merchant verified successfully',
      data: noDueDate,
    } satisfies Envelope<MerchantDetails>,
  },
  { type: 'xstate.error.actor.verifyRenewal', error: 'we could not find a customer with that number' },
  {
    type: 'xstate.done.actor.save',
    output: savedAnswer(
      { ...monthlyData, id: 8, name: 'Mum airtime' },
      'Schedule saved. We will remind you the day before each run.',
    ),
  },
  { type: 'xstate.done.actor.save', output: savedAnswer(monthlyData, 'Schedule updated.') },
  ...[
    answers.wrongPin,
    answers.pinLogout,
    answers.pinLocked,
    {
      type: 'error',
      message: 'that time has already passed: please choose a time in the future',
    } satisfies ScheduleAnswer,
  ].map((output) => ({ type: 'xstate.done.actor.save', output })),
  { type: 'xstate.error.actor.save', error: NETWORK_DOWN },
]);

/** States the same event leaves as they were (a refused submit, a verification refused before it is asked) or that several answers reach. */
const serializeState = keyApart(model, [
  'form.submit',
  'form.verify',
  'xstate.done.actor.save',
  'xstate.done.actor.verifyRenewal',
  'pin.cancelled',
  'xstate.error.actor.save',
]);

const fields = (snapshot: AnyMachineSnapshot): ScheduleFields => snapshot.context.fields;
const input = (
  origin: ScheduleFormOrigin,
): Omit<ScheduleFormInput, 'owner'> & { owner: ReturnType<typeof listeningOwner<ScheduleFormReport>>['actor'] } => ({
  owner: listeningOwner<ScheduleFormReport>().actor,
  session: traversalSession.actor,
  ...START,
  origin,
});

/** The airtime steps in order, each once, then a submit at any point (refused until the form is complete). */
function typedInOrder(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  const step = AIRTIME_STEPS.findIndex((candidate) => candidate.type === event.type && candidate.field === event.field);
  if (step < 0) return true;
  const done = (index: number) => {
    const { type, field } = AIRTIME_STEPS[index];
    const form = fields(snapshot);
    if (type === 'form.provider') return form.providerId !== '';
    if (type === 'form.beneficiary') return form.beneficiary !== '';
    if (type === 'form.amount') return form.amount !== '';
    if (type === 'form.end') return form.endKind !== 'never';
    return form[field as keyof ScheduleFields] !== '';
  };
  return snapshot.matches('editing') && !done(step) && AIRTIME_STEPS.slice(0, step).every((_, index) => done(index));
}

const newAirtime: Traversal = {
  label: 'a new airtime schedule',
  options: {
    input: input({ kind: 'new', fields: { service: 'airtime' } }),
    filterEvents: (snapshot, event) => {
      if (['form.service', 'form.frequency', 'form.verify', 'form.cancel'].includes(event.type)) return false;
      // One answer of each kind; an edit's answer is the edit traversal's.
      if (event.type === 'xstate.done.actor.save')
        return (event.output as ScheduleAnswer).message !== 'Schedule updated.';
      return typedInOrder(snapshot, event);
    },
    serializeState,
  },
};

const cableRenewal: Traversal = {
  label: 'a cable renewal from the due date',
  options: {
    input: input({
      kind: 'new',
      fields: { service: 'cable', name: 'Family DStv', providerId: '41', beneficiary: '7012345678' },
    }),
    filterEvents: (snapshot, event) => {
      const form = fields(snapshot);
      if (event.type === 'form.frequency') return form.frequency !== 'renewal';
      if (event.type === 'form.verify' || event.type === 'form.submit') return form.frequency === 'renewal';
      // Saving is the other traversals' to walk: here the pin is only cancelled.
      return ![
        'pin.accepted',
        'form.cancel',
        'form.service',
        'form.set',
        'form.provider',
        'form.beneficiary',
        'form.amount',
        'form.end',
      ].includes(event.type);
    },
    serializeState,
  },
};

const repeat: Traversal = {
  label: 'Repeat this (transaction 90)',
  options: {
    input: input({ kind: 'repeat', transactionId: 90 }),
    filterEvents: (snapshot, event) => {
      const form = fields(snapshot);
      if (event.type === 'form.service') return form.service === 'internet';
      // After another service is chosen, there is nothing to verify; then the form is left.
      if (event.type === 'form.verify' || event.type === 'form.cancel') return form.service === 'airtime';
      return event.type.startsWith('xstate.') && event.type.includes('loadDraft');
    },
    serializeState,
  },
};

const edit: Traversal = {
  label: `editing “${monthlyData.name}”`,
  options: {
    input: input({ kind: 'edit', schedule: monthlyData }),
    filterEvents: (_, event) =>
      event.type === 'form.submit' ||
      event.type === 'pin.accepted' ||
      (event.type === 'xstate.done.actor.save' && (event.output as ScheduleAnswer).message === 'Schedule updated.'),
    serializeState,
  },
};

export const scheduleFormModel: MachineModel = defineModel({
  name: 'scheduleForm',
  machine: scheduleFormMachine,
  model,
  transitions: 27,
  traversals: [newAirtime, cableRenewal, repeat, edit],
  words: {
    'form.set': (event) => `type the ${String(event.field)}: ${JSON.stringify(event.value)}`,
    'form.service': (event) => `pick the service ${String(event.value)}`,
    'form.provider': (event) => `pick the provider #${String(event.value)}`,
    'form.beneficiary': (event) => `type the number: ${JSON.stringify(event.value)}`,
    'form.amount': (event) => `type the amount: ${JSON.stringify(event.value)}`,
    'form.frequency': (event) => `choose how often: ${String(event.value)}`,
    'form.end': (event) => `choose when it ends: ${String(event.value)}`,
    'form.verify': () => 'press Verify smartcard',
    'form.submit': () => 'press Save schedule',
    'form.cancel': () => 'close the form',
    'pin.accepted': () => 'type the transaction pin <pin> and submit it',
    'pin.cancelled': () => 'cancel the pin dialog',
    'xstate.done.actor.verifyRenewal': (event) => {
      const details = (event.output as Envelope<MerchantDetails>).data!;
      return `the smartcard check answers: ${details.name}${details.due_date ? `, due ${details.due_date}, renewal ₦${details.renewal_amount}` : ', no due date'}`;
    },
    'xstate.done.actor.save': (event) => `the save answers: ${(event.output as ScheduleAnswer).message}`,
  },
});
