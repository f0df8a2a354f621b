import { assign, fromPromise, setup } from 'xstate';
import type { Envelope } from '../../../core/contract';
import type { Passkey } from '../../../core/passkeys';
import { addPasskey, listPasskeys, removePasskey, renamePasskey } from '../../api/account/passkeys';
import { passkeyNotUsed } from '../../api/kit/webauthn';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface PasskeyForm {
  password: string;
  name: string;
}

export interface PasskeysContext {
  passkeys: Passkey[];
  form: PasskeyForm;
  /** The passkey being removed. */
  removing: number | null;
}

export type PasskeysEvent =
  | { type: 'passkeys.add' }
  | { type: 'passkeys.change'; field: keyof PasskeyForm; value: string }
  | { type: 'passkeys.submit' }
  | { type: 'passkeys.cancel' }
  | { type: 'passkeys.rename'; id: number; name: string }
  | { type: 'passkeys.remove'; id: number }
  | { type: 'passkeys.reload' };

export const ENTER_PASSWORD = /*i18n*/ {
  id: 'account.passkeys.enterPassword',
  message: 'please enter your password to add a passkey',
};
export const NAME_NEEDED = /*i18n*/ { id: 'account.passkeys.nameNeeded', message: 'please give the passkey a name' };
/** The phone's prompt closed without a passkey made. */
export const NOT_MADE = /*i18n*/ {
  id: 'account.passkeys.notMade',
  message: 'no passkey was made: try again when your phone asks for its screen lock',
};

const EMPTY_FORM: PasskeyForm = { password: '', name: '' };

/**
 * /profile's passkeys: the list, adding one (the account password, a name, then the phone's screen
 * lock), renaming and removing. The server e-mails the owner at each addition and removal.
 */
export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    events: {} as PasskeysEvent,
    emitted: {} as FlowEmitted,
  },
  actors: {
    list: fromPromise<Envelope<Passkey[]>>(({ signal }) => listPasskeys(signal)),
    add: fromPromise<Envelope<Passkey>, PasskeyForm>(({ input, signal }) =>
      addPasskey(input.password, input.name.trim(), signal),
    ),
    rename: fromPromise<Envelope<Passkey>, { id: number; name: string }>(({ input, signal }) =>
      renamePasskey(input.id, input.name, signal),
    ),
    remove: fromPromise<Envelope, Passkey>(({ input, signal }) => removePasskey(input, signal)),
  },
  actions: {
    ...effects,
    keepList: assign({ passkeys: (_, params: { passkeys: Passkey[] }) => params.passkeys }),
    change: assign({
      form: ({ context }, params: { field: keyof PasskeyForm; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    clearForm: assign({ form: EMPTY_FORM }),
    forgetPassword: assign({ form: ({ context }) => ({ ...context.form, password: '' }) }),
    keepAdded: assign({ passkeys: ({ context }, params: { added: Passkey }) => [...context.passkeys, params.added] }),
    keepRenamed: assign({
      passkeys: ({ context }, params: { renamed: Passkey }) =>
        context.passkeys.map((passkey) => (passkey.id === params.renamed.id ? params.renamed : passkey)),
    }),
    select: assign({ removing: (_, params: { id: number }) => params.id }),
    dropRemoved: assign({
      passkeys: ({ context }) => context.passkeys.filter((passkey) => passkey.id !== context.removing),
      removing: null,
    }),
    unselect: assign({ removing: null }),
  },
  guards: {
    noPassword: ({ context }) => context.form.password === '',
    noName: ({ context }) => context.form.name.trim() === '',
    notUsed: (_, params: { error: unknown }) => passkeyNotUsed(params.error),
    blankName: (_, params: { name: string }) => params.name.trim() === '',
  },
}).createMachine({
  id: 'passkeys',
  context: { passkeys: [], form: EMPTY_FORM, removing: null },
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'list',
        src: 'list',
        onDone: {
          target: 'ready',
          actions: { type: 'keepList', params: ({ event }) => ({ passkeys: event.output.data ?? [] }) },
        },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { 'passkeys.reload': 'loading' },
    },
    ready: {
      on: {
        'passkeys.add': 'adding',
        'passkeys.rename': [
          {
            guard: { type: 'blankName', params: ({ event }) => ({ name: event.name }) },
            actions: { type: 'toast', params: { level: 'error', message: NAME_NEEDED } },
          },
          { target: 'renaming' },
        ],
        'passkeys.remove': {
          target: 'removing',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    adding: {
      on: {
        'passkeys.change': {
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'passkeys.submit': [
          { guard: 'noPassword', actions: { type: 'toast', params: { level: 'error', message: ENTER_PASSWORD } } },
          { guard: 'noName', actions: { type: 'toast', params: { level: 'error', message: NAME_NEEDED } } },
          { target: 'registering' },
        ],
        'passkeys.cancel': { target: 'ready', actions: 'clearForm' },
      },
    },
    registering: {
      tags: 'busy',
      invoke: {
        id: 'add',
        src: 'add',
        input: ({ context }) => context.form,
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepAdded', params: ({ event }) => ({ added: event.output.data! }) },
            'clearForm',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: [
          {
            guard: { type: 'notUsed', params: ({ event }) => ({ error: event.error }) },
            target: 'adding',
            actions: ['forgetPassword', { type: 'toast', params: { level: 'error', message: NOT_MADE } }],
          },
          {
            target: 'adding',
            actions: [
              'forgetPassword',
              { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
            ],
          },
        ],
      },
    },
    renaming: {
      tags: 'busy',
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ event }) => {
          const { id, name } = event as Extract<PasskeysEvent, { type: 'passkeys.rename' }>;
          return { id, name: name.trim() };
        },
        onDone: {
          target: 'ready',
          actions: [
            { type: 'keepRenamed', params: ({ event }) => ({ renamed: event.output.data! }) },
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    removing: {
      tags: 'busy',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => context.passkeys.find((passkey) => passkey.id === context.removing)!,
        onDone: {
          target: 'ready',
          actions: [
            'dropRemoved',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            'unselect',
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          ],
        },
      },
    },
  },
});
