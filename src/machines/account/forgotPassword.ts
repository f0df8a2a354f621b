import { assign, fromPromise, setup } from 'xstate';
import { forgot } from '../../api/account/auth';
import type { Envelope, ForgotRequest } from '../../../core/contract';
import { validateForgot, type ForgotForm } from '../../domain/account/accountForms';
import { botCheckActor, captchaTokenActions, verifyingHuman } from './botCheck';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { checkedSubmit, formGuard } from '../kit/formCheck';

/** /forgot: validate, get a captcha token, ask for the reset link, offer to send it again. */
export interface ForgotPasswordContext {
  form: ForgotForm;
  captchaToken: string;
  /** Where the last link went; '' until one was sent. Screens show the "check your e-mail" panel while it is set. */
  sentTo: string;
}

export type ForgotPasswordEvent =
  | { type: 'forgot.change'; field: keyof ForgotForm; value: string }
  | { type: 'forgot.submit' }
  | { type: 'forgot.resend' }
  | { type: 'forgot.edit' };

export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    emitted: {} as FlowEmitted,
  },
  actors: {
    ...botCheckActor('forgot'),
    forgot: fromPromise<Envelope, Omit<ForgotRequest, 'device'>>(({ input, signal }) => forgot(input, signal)),
  },
  actions: {
    ...effects,
    change: assign({
      form: ({ context }, params: { field: keyof ForgotForm; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    ...captchaTokenActions,
    rememberRecipient: assign({ sentTo: ({ context }) => context.form.email.trim() }),
    forgetRecipient: assign({ sentTo: '' }),
  },
  guards: {
    ...formGuard(validateForgot),
  },
}).createMachine({
  id: 'forgotPassword',
  context: { form: { email: '' }, captchaToken: '', sentTo: '' },
  initial: 'editing',
  on: {
    'forgot.change': {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    editing: {
      entry: 'forgetRecipient',
      on: {
        'forgot.submit': checkedSubmit(validateForgot, 'verifyingHuman'),
      },
    },
    verifyingHuman,
    submitting: {
      tags: 'busy',
      exit: 'dropCaptchaToken',
      invoke: {
        id: 'forgot',
        src: 'forgot',
        input: ({ context }) => ({ email: context.form.email.trim(), token: context.captchaToken }),
        onDone: {
          target: 'sent',
          actions: [
            'rememberRecipient',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    sent: {
      on: {
        'forgot.resend': 'verifyingHuman',
        'forgot.edit': 'editing',
      },
    },
  },
});
