import type { Envelope, UserData } from '../../../core/contract';
import { profileMachine } from '../../../src/machines/account/profile';
import { ada as account } from '../../fixtures';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

/** A verified NIN on file (the server sends its last four digits behind a mask), no BVN yet. */
export const ada: UserData = { ...account, nin: '•••••••8901' };
export const newBvn = '22212345678';
export const newBvnMasked = '•••••••5678';
/** The date of birth on the new BVN's record, typed with it. */
export const born = '1990-01-01';
/** Typed while the save runs: not what was saved, so it stays in the field. */
export const laterNin = '99988877766';
export const updated: Envelope<UserData> = {
  type: 'success',
  message: 'profile updated successfully',
  data: { ...ada, bvn: newBvnMasked },
};
const rejected = 'the phone number is not valid';
/** Pasted with separators and letters: the form keeps the digits. */
const pasted = (digits: string) => `No. ${digits.slice(0, 3)}-${digits.slice(3, 7)} ${digits.slice(7)}`;

const model = createActorTestModel(profileMachine, [
  // Whitespace is no name.
  { type: 'profile.change', field: 'name', value: '  ' },
  { type: 'profile.change', field: 'bvn', value: pasted(newBvn) },
  { type: 'profile.change', field: 'date_of_birth', value: born },
  { type: 'profile.change', field: 'nin', value: pasted(laterNin) },
  { type: 'xstate.done.actor.updateProfile', output: updated },
  { type: 'xstate.error.actor.updateProfile', error: rejected },
]);

export const profileModel: MachineModel = defineModel({
  name: 'profile',
  machine: profileMachine,
  model,
  transitions: 5,
  traversals: [
    {
      label: 'a NIN on file, no BVN',
      options: {
        input: { session: createTestSession(ada).actor },
        filterEvents: (snapshot, event) => {
          const { form } = snapshot.context;
          switch (event.type) {
            // Each field is typed once: the name emptied, the BVN and its date of birth entered
            // while editing, a NIN during the save.
            case 'profile.change': {
              const field = event.field as keyof typeof form;
              const typedOnce = field === 'name' ? form.name !== event.value : form[field] === '';
              return typedOnce && snapshot.matches(field === 'nin' ? 'submitting' : 'editing');
            }
            // The server answers with the BVN it was sent, so it succeeds only for the form that sent one.
            case 'xstate.done.actor.updateProfile':
              return form.bvn === newBvn;
            default:
              return true;
          }
        },
        serializeState: keyApart(model, ['profile.submit']),
      },
    },
  ],
  words: {
    'xstate.done.actor.updateProfile': (event) =>
      `the update-profile call answers: ${(event.output as Envelope).message}`,
  },
});
