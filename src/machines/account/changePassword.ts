import { assign, fromPromise, setup } from 'xstate';
import type { ChangePasswordRequest, Envelope } from '../../../core/contract';
import { changePassword } from '../../api/account/profile';
import { validateChangePassword, type ChangePasswordForm } from '../../domain/account/accountForms';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { checkedSubmit, formGuard } from '../kit/formCheck';

/** /password: current, new and confirmed password; validate, change, and empty the form. */
export interface ChangePasswordContext {
  form: ChangePasswordForm;
}

export type ChangePasswordEvent =
  { type: 'password.change'; field: keyof ChangePasswordForm; value: string } | { type: 'password.submit' };

const emptyForm: ChangePasswordForm = { old_password: '', new_password: '', confirm_new_password: '' };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
    emitted: {} as FlowEmitted,
  },
  actors: {
    changePassword: fromPromise<Envelope, ChangePasswordRequest>(({ input, signal }) => changePassword(input, signal)),
  },
  actions: {
    ...effects,
    change: assign({
      form: ({ context }, params: { field: keyof ChangePasswordForm; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    // Passwords are not left in memory or on screen once they have served.
    clearForm: assign({ form: emptyForm }),
  },
  guards: {
    ...formGuard(validateChangePassword),
  },
}).createMachine({
  id: 'changePassword',
  context: { form: emptyForm },
  initial: 'editing',
  // Typing is kept in every state, so nothing entered while a request runs is lost.
  on: {
    'password.change': {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    editing: {
      on: {
        'password.submit': checkedSubmit(validateChangePassword, 'submitting'),
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => context.form,
        onDone: {
          target: 'editing',
          actions: [
            'clearForm',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
  },
});
