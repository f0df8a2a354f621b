import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { reset } from '../../api/account/auth';
import type { Envelope, ResetRequest } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { validateReset, type ResetForm } from '../../domain/account/accountForms';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { checkedSubmit, formGuard } from '../kit/formCheck';
import type { sessionMachine } from '../app/session';

/** /reset?token=...: validate, reset with the link's token, log out, set a pin with the same token. */
export interface ResetPasswordInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The `token` query value of the e-mailed link; null or '' when the link has none. */
  token: string | null;
}

export interface ResetPasswordContext {
  session: ResetPasswordInput['session'];
  token: string;
  form: ResetForm;
}

export type ResetPasswordEvent =
  { type: 'reset.change'; field: keyof ResetForm; value: string } | { type: 'reset.submit' };

/**
 * Not one of the fixed strings: the product was specified with no screen for a link without a
 * token, so this one says what to do next.
 */
export const INVALID_RESET_LINK: Words = /*i18n*/ {
  id: 'auth.reset.badLink',
  message: 'This reset link is invalid or has expired. Please request a new one.',
};

export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as ResetPasswordInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    reset: fromPromise<Envelope, ResetRequest & { token: string }>(({ input, signal }) => reset(input, signal)),
  },
  actions: {
    ...effects,
    change: assign({
      form: ({ context }, params: { field: keyof ResetForm; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    logOut: sendTo(({ context }) => context.session, { type: 'session.logout' }),
  },
  guards: {
    // No form can fix a link without a token, so that is reported before the form's rules.
    linkWithoutToken: ({ context }) => context.token === '',
    ...formGuard(validateReset),
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({
    session: input.session,
    token: input.token?.trim() ?? '',
    form: { new_password: '', confirm_new_password: '' },
  }),
  initial: 'editing',
  on: {
    'reset.change': {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    editing: {
      on: {
        'reset.submit': [
          {
            guard: 'linkWithoutToken',
            actions: { type: 'toast', params: { level: 'error', message: INVALID_RESET_LINK } },
          },
          ...checkedSubmit(validateReset, 'submitting'),
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'reset',
        src: 'reset',
        input: ({ context: { form, token } }) => ({ ...form, token }),
        // The link's token goes on to /set-pin, which it authorises once; whoever was
        // logged in on this browser is logged out first, since the reset revoked every session.
        onDone: {
          target: 'done',
          actions: [
            'logOut',
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
            {
              type: 'navigate',
              params: ({ context }) => ({ to: `/set-pin?token=${encodeURIComponent(context.token)}` }),
            },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    done: { type: 'final' },
  },
});
