import type { Passkey } from '../../../core/passkeys';
import { ApiError } from '../../../src/api/kit/http';
import { passkeysMachine } from '../../../src/machines/account/passkeys';
import { createActorTestModel, keyApart } from '../kit/actorTestModel';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const PHONE: Passkey = {
  id: 1,
  name: 'Android phone',
  credential_id: 'credential-of-the-phone',
  created_at: '2025-01-02T10:00:00Z',
  last_used_at: null,
  backed_up: false,
};
export const LAPTOP: Passkey = { ...PHONE, id: 2, name: 'Laptop', credential_id: 'credential-of-the-laptop' };
export const WRONG_PASSWORD = new ApiError({ type: 'error', message: 'password is not correct' });
export const CLOSED_PROMPT = Object.assign(new Error('The operation either timed out or was not allowed.'), {
  name: 'NotAllowedError',
});
export const OFFLINE = new Error('Something went wrong. Check your connection and try again.');

const model = createActorTestModel(passkeysMachine, [
  { type: 'xstate.done.actor.list', output: { type: 'success', message: 'passkeys', data: [PHONE] } },
  { type: 'xstate.error.actor.list', error: OFFLINE },
  { type: 'passkeys.change', field: 'password', value: 'correct horse battery' },
  { type: 'passkeys.change', field: 'name', value: 'Laptop' },
  { type: 'xstate.done.actor.add', output: { type: 'success', message: 'passkey added', data: LAPTOP } },
  { type: 'xstate.error.actor.add', error: WRONG_PASSWORD },
  { type: 'xstate.error.actor.add', error: CLOSED_PROMPT },
  { type: 'passkeys.rename', id: 1, name: 'Work phone' },
  { type: 'passkeys.rename', id: 1, name: '  ' },
  {
    type: 'xstate.done.actor.rename',
    output: { type: 'success', message: 'passkey renamed', data: { ...PHONE, name: 'Work phone' } },
  },
  { type: 'xstate.error.actor.rename', error: OFFLINE },
  { type: 'passkeys.remove', id: 1 },
  { type: 'xstate.done.actor.remove', output: { type: 'success', message: 'passkey removed' } },
  { type: 'xstate.error.actor.remove', error: OFFLINE },
]);

export const passkeysModel: MachineModel = defineModel({
  name: 'passkeys',
  machine: passkeysMachine,
  model,
  transitions: 19,
  traversals: [
    {
      label: "the profile's passkeys",
      options: {
        // The password first, then the name, each once, only while adding.
        filterEvents: (snapshot, event) => {
          const { form, passkeys } = snapshot.context as {
            form: { password: string; name: string };
            passkeys: Passkey[];
          };
          const phone = passkeys.find((passkey) => passkey.id === PHONE.id);
          switch (event.type) {
            case 'passkeys.change':
              return event.field === 'password' ? form.password === '' : form.password !== '' && form.name === '';
            // One passkey added, the phone renamed once and removed once: every transition, a finite graph.
            case 'passkeys.add':
              return passkeys.length === 1;
            case 'passkeys.rename':
              return phone?.name === PHONE.name;
            case 'passkeys.remove':
              return phone !== undefined && passkeys.length === 1;
            default:
              return true;
          }
        },
        serializeState: keyApart(model, ['passkeys.submit', 'passkeys.rename', 'xstate.error.actor.add']),
      },
    },
  ],
});
