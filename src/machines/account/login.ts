import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { login } from '../../api/account/auth';
import { ApiError } from '../../api/kit/http';
import type { Envelope, LoginRefusal, LoginRequest, UserData } from '../../../core/contract';
import { landingRouteFor, toSessionUser } from '../../domain/account/user';
import { validateLogin, type LoginForm } from '../../domain/account/accountForms';
import { botCheckActor, captchaTokenActions, verifyingHuman } from './botCheck';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { checkedSubmit, formGuard } from '../kit/formCheck';
import type { sessionMachine } from '../app/session';

/** /login: validate, log in, then land on verify-email, set-pin or the dashboard. */
export interface LoginInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface LoginContext extends LoginInput {
  form: LoginForm;
  /** Sent with one attempt, once the server asks for the bot check (repeated failed logins); '' otherwise. */
  captchaToken: string;
}

/** The server asks for a captcha token before it checks this e-mail's password again. */
const needsCaptcha = (error: unknown) =>
  error instanceof ApiError &&
  (error.envelope.data as Partial<LoginRefusal> | undefined)?.reason === 'captcha-required';

export type LoginEvent = { type: 'login.change'; field: keyof LoginForm; value: string } | { type: 'login.submit' };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    ...botCheckActor('login'),
    login: fromPromise<Envelope<UserData>, Omit<LoginRequest, 'device'>>(({ input, signal }) => login(input, signal)),
  },
  actions: {
    ...effects,
    change: assign({
      form: ({ context }, params: { field: keyof LoginForm; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    ...captchaTokenActions,
    logIn: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.login' as const, data: params.data }),
    ),
  },
  guards: {
    ...formGuard(validateLogin),
    // Asked once per submit: a token the server refused is told, not retried in a loop.
    captchaAsked: ({ context }, params: { error: unknown }) =>
      needsCaptcha(params.error) && context.captchaToken === '',
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ session: input.session, form: { email: '', password: '' }, captchaToken: '' }),
  initial: 'editing',
  // Typing is kept in every state, so nothing entered while a request runs is lost.
  on: {
    'login.change': {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    editing: {
      on: {
        'login.submit': checkedSubmit(validateLogin, 'submitting'),
      },
    },
    submitting: {
      tags: 'busy',
      exit: 'dropCaptchaToken',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context: { form, captchaToken } }) => ({
          email: form.email.trim(),
          password: form.password,
          ...(captchaToken ? { token: captchaToken } : {}),
        }),
        onDone: {
          target: 'loggedIn',
          actions: [
            { type: 'logIn', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            {
              type: 'navigate',
              params: ({ event }) => ({ to: landingRouteFor(toSessionUser(event.output.data ?? {})) }),
            },
          ],
        },
        onError: [
          // After repeated failures the server wants the bot check: done without a word, then the same attempt again.
          {
            guard: { type: 'captchaAsked', params: ({ event }) => ({ error: event.error }) },
            target: 'verifyingHuman',
          },
          {
            target: 'editing',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          },
        ],
      },
    },
    verifyingHuman,
    loggedIn: { type: 'final' },
  },
});
