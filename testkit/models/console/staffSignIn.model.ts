import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { staffSignInMachine } from '../../../src/machines/console/staffSignIn';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { answer, CLOSED_PROMPT, PASSKEY_REFUSED, SESSION_OVER, WRONG_CODE, WRONG_PASSWORD } from './consoleFixtures';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const INVITATION = 'invitation-0123456789abcdefghij';

const model = createActorTestModel(staffSignInMachine, [
  { type: 'signIn.change', field: 'email', value: ' ada@ops.test ' },
  { type: 'signIn.change', field: 'password', value: 'Ops-desk-2026!' },
  { type: 'signIn.change', field: 'repeat', value: 'Ops-desk-2026!' },
  { type: 'signIn.change', field: 'code', value: '492039' },
  { type: 'xstate.done.actor.signIn', output: answer('second-factor') },
  { type: 'xstate.done.actor.signIn', output: answer('enrolment') },
  { type: 'xstate.error.actor.signIn', error: WRONG_PASSWORD },
  { type: 'xstate.done.actor.acceptInvitation', output: answer('enrolment') },
  { type: 'xstate.error.actor.acceptInvitation', error: WRONG_PASSWORD },
  { type: 'xstate.done.actor.submitCode', output: answer('signed-in') },
  { type: 'xstate.error.actor.submitCode', error: WRONG_CODE },
  { type: 'xstate.error.actor.submitCode', error: SESSION_OVER },
  { type: 'xstate.done.actor.enrolment' },
  { type: 'xstate.done.actor.usePasskey', output: answer('signed-in') },
  { type: 'xstate.error.actor.usePasskey', error: PASSKEY_REFUSED },
  { type: 'xstate.error.actor.usePasskey', error: CLOSED_PROMPT },
  { type: 'xstate.error.actor.usePasskey', error: SESSION_OVER },
]);

/** Where each field is typed, in order, once: the form a person fills. */
const FIELDS: Record<string, string[]> = {
  credentials: ['email', 'password'],
  choosingPassword: ['password', 'repeat'],
  secondFactor: ['code'],
};

export function typedInOrder(snapshot: AnyMachineSnapshot, event: AnyEventObject): boolean {
  if (event.type !== 'signIn.change') return true;
  const fields = FIELDS[String(snapshot.value)] ?? [];
  const context = snapshot.context as Record<string, string>;
  const position = fields.indexOf(event.field);
  return (
    position >= 0 && context[event.field] === '' && fields.slice(0, position).every((field) => context[field] !== '')
  );
}

const options = {
  filterEvents: typedInOrder,
  serializeState: keyApart(model, [
    'signIn.submit',
    'xstate.done.actor.signIn',
    'xstate.error.actor.submitCode',
    'xstate.error.actor.usePasskey',
  ]),
};

export const staffSignInModel: MachineModel = defineModel({
  name: 'staffSignIn',
  machine: staffSignInMachine,
  model,
  transitions: 23,
  traversals: [
    { label: 'the sign-in page', options: { ...options, input: { invitation: null } } },
    { label: 'an invitation link', options: { ...options, input: { invitation: INVITATION } } },
  ],
  words: {
    'xstate.done.actor.signIn': (event) =>
      `the password is right; the account ${(event.output as ReturnType<typeof answer>).stage === 'enrolment' ? 'has no authenticator app yet' : 'asks for its code'}`,
  },
});
