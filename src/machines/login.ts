import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { login } from '../api/auth';
import type { Envelope, LoginRequest, UserData } from '../../core/contract';
import { landingRouteFor, toSessionUser } from '../domain/user';
import { validateLogin, type LoginForm } from '../domain/validation';
import { effects, errorMessage, type FlowEmitted } from './effects';
import type { sessionMachine } from './session';

/** /login (SPEC.md §2, §4): validate, log in, then land on verify-email, set-pin or the dashboard. */
export interface LoginInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface LoginContext extends LoginInput {
  form: LoginForm;
}

export type LoginEvent = { type: 'login.change'; field: keyof LoginForm; value: string } | { type: 'login.submit' };

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    login: fromPromise<Envelope<UserData>, Omit<LoginRequest, 'device'>>(({ input, signal }) => login(input, signal)),
  },
  actions: {
    ...effects,
    change: assign({
      form: ({ context }, params: { field: keyof LoginForm; value: string }) => ({ ...context.form, [params.field]: params.value }),
    }),
    logIn: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.login' as const, data: params.data }),
    ),
  },
  guards: {
    formInvalid: ({ context }) => validateLogin(context.form) !== null,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({ session: input.session, form: { email: '', password: '' } }),
  initial: 'editing',
  // Typing is kept in every state, so nothing entered while a request runs is lost.
  on: {
    'login.change': { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
  },
  states: {
    editing: {
      on: {
        'login.submit': [
          {
            guard: 'formInvalid',
            actions: { type: 'toast', params: ({ context }) => ({ level: 'error', message: validateLogin(context.form) ?? '' }) },
          },
          { target: 'submitting' },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context: { form } }) => ({ email: form.email.trim(), password: form.password }),
        onDone: {
          target: 'loggedIn',
          actions: [
            { type: 'logIn', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            { type: 'navigate', params: ({ event }) => ({ to: landingRouteFor(toSessionUser(event.output.data ?? {})) }) },
          ],
        },
        onError: { target: 'editing', actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) } },
      },
    },
    loggedIn: { type: 'final' },
  },
});
