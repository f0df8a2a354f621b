import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { register } from '../../api/account/auth';
import type { Envelope, RegisterRequest, UserData } from '../../../core/contract';
import { phoneInput } from '../../domain/kit/numericInput';
import { validateRegister, type RegisterForm } from '../../domain/account/accountForms';
import { botCheckActor, captchaTokenActions, verifyingHuman } from './botCheck';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { checkedSubmit, formGuard } from '../kit/formCheck';
import type { sessionMachine } from '../app/session';

/** /register: validate, get a captcha token, create the account, log in, verify the e-mail. */
export type RegisterTextField = Exclude<keyof RegisterForm, 'terms'>;

export interface RegisterInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export interface RegisterContext extends RegisterInput {
  form: RegisterForm;
  captchaToken: string;
}

export type RegisterEvent =
  | { type: 'register.change'; field: RegisterTextField; value: string }
  | { type: 'register.terms'; accepted: boolean }
  | { type: 'register.submit' };

export const registerMachine = setup({
  types: {
    context: {} as RegisterContext,
    events: {} as RegisterEvent,
    input: {} as RegisterInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    ...botCheckActor('register'),
    register: fromPromise<Envelope<UserData>, Omit<RegisterRequest, 'device'>>(({ input, signal }) =>
      register(input, signal),
    ),
  },
  actions: {
    ...effects,
    change: assign({
      form: ({ context }, params: { field: RegisterTextField; value: string }) => ({
        ...context.form,
        [params.field]: params.value,
      }),
    }),
    setTerms: assign({
      form: ({ context }, params: { accepted: boolean }) => ({ ...context.form, terms: params.accepted }),
    }),
    ...captchaTokenActions,
    logIn: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.login' as const, data: params.data }),
    ),
  },
  guards: {
    ...formGuard(validateRegister),
  },
}).createMachine({
  id: 'register',
  context: ({ input }) => ({
    session: input.session,
    form: { name: '', email: '', phone: '', password: '', confirm_password: '', terms: false },
    captchaToken: '',
  }),
  initial: 'editing',
  // Typing is kept in every state, so nothing entered while a request runs is lost.
  on: {
    // The phone field holds digits only, whatever was typed, pasted or autofilled.
    'register.change': {
      actions: {
        type: 'change',
        params: ({ event }) => ({
          field: event.field,
          value: event.field === 'phone' ? phoneInput(event.value) : event.value,
        }),
      },
    },
    'register.terms': { actions: { type: 'setTerms', params: ({ event }) => ({ accepted: event.accepted }) } },
  },
  states: {
    editing: {
      on: {
        'register.submit': checkedSubmit(validateRegister, 'verifyingHuman'),
      },
    },
    verifyingHuman,
    submitting: {
      tags: 'busy',
      exit: 'dropCaptchaToken',
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ context: { form, captchaToken } }) => ({
          name: form.name.trim(),
          email: form.email.trim(),
          phone: form.phone.trim(),
          password: form.password,
          confirm_password: form.confirm_password,
          token: captchaToken,
        }),
        // Registering leaves the user logged in; the next step is verifying the e-mail.
        onDone: {
          target: 'registered',
          actions: [
            { type: 'logIn', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            { type: 'toast', params: ({ event }) => ({ level: 'success', message: event.output.message }) },
            { type: 'navigate', params: { to: '/verify-email' } },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    registered: { type: 'final' },
  },
});
