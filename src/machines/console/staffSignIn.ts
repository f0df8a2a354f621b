import { assign, fromPromise, setup } from 'xstate';
import { RECOVERY_CODE, TOTP_CODE, type SignInAnswer } from '../../../core/console';
import { acceptInvitation, ConsoleError, signIn, signInWithPasskey, submitCode } from '../../api/console/calls';
import { passkeyNotUsed } from '../../api/kit/webauthn';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import { totpEnrolmentMachine } from './totpEnrolment';

export interface StaffSignInInput {
  /** The one-time invitation of /setup, or null on the sign-in page. */
  invitation: string | null;
}

export type SignInField = 'email' | 'password' | 'repeat' | 'code';

export interface StaffSignInContext extends StaffSignInInput {
  email: string;
  password: string;
  /** The password again (an invitation only). */
  repeat: string;
  code: string;
}

export type StaffSignInEvent =
  | { type: 'signIn.change'; field: SignInField; value: string }
  | { type: 'signIn.submit' }
  | { type: 'signIn.restart' }
  | { type: 'signIn.passkey' };

export const ENTER_CREDENTIALS = 'Enter your e-mail and password.';
export const PASSWORDS_DIFFER = 'The two passwords are not the same.';
export const ENTER_CODE = 'Enter the six-digit code from your authenticator app, or a recovery code.';
export const PASSKEY_NOT_USED = 'No passkey was used: try again, or enter a recovery code.';

/** What a passkey's refusal says: the server's reason, or ours when the prompt was closed. */
const passkeyRefusal = (error: unknown) => (passkeyNotUsed(error) ? PASSKEY_NOT_USED : errorMessage(error));

const codeShaped = (code: string) => TOTP_CODE.test(code.trim()) || RECOVERY_CODE.test(code.trim().toUpperCase());
const sessionEnded = (error: unknown) => error instanceof ConsoleError && error.sessionEnded;

/**
 * Signing in to the operator console: the password, then the second factor (a code from the
 * authenticator app, or a recovery code); the first time, and after an invitation (which sets the
 * password), the authenticator app is enrolled instead (the totpEnrolment machine, invoked).
 * Lands on the console's first page.
 */
export const staffSignInMachine = setup({
  types: {
    context: {} as StaffSignInContext,
    events: {} as StaffSignInEvent,
    input: {} as StaffSignInInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    signIn: fromPromise<SignInAnswer, { email: string; password: string }>(({ input, signal }) =>
      signIn(input, signal),
    ),
    acceptInvitation: fromPromise<SignInAnswer, { invitation: string; password: string }>(({ input, signal }) =>
      acceptInvitation(input, signal),
    ),
    submitCode: fromPromise<SignInAnswer, { code: string }>(({ input, signal }) => submitCode(input.code, signal)),
    usePasskey: fromPromise<SignInAnswer>(({ signal }) => signInWithPasskey(signal)),
    enrolment: totpEnrolmentMachine,
  },
  actions: {
    ...effects,
    change: assign(({ context }, params: { field: SignInField; value: string }) => ({
      ...context,
      [params.field]: params.value,
    })),
    forgetPasswords: assign({ password: '', repeat: '' }),
    forgetCode: assign({ code: '' }),
  },
  guards: {
    invited: ({ context }) => context.invitation !== null,
    credentialsMissing: ({ context }) => context.email.trim() === '' || context.password === '',
    passwordsDiffer: ({ context }) => context.password === '' || context.password !== context.repeat,
    codeMissing: ({ context }) => !codeShaped(context.code),
    needsEnrolment: (_, params: { answer: SignInAnswer }) => params.answer.stage === 'enrolment',
    sessionEnded: (_, params: { error: unknown }) => sessionEnded(params.error),
  },
}).createMachine({
  id: 'staffSignIn',
  context: ({ input }) => ({ invitation: input.invitation, email: '', password: '', repeat: '', code: '' }),
  initial: 'start',
  on: {
    'signIn.change': {
      actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
    },
  },
  states: {
    start: {
      always: [{ guard: 'invited', target: 'choosingPassword' }, { target: 'credentials' }],
    },
    credentials: {
      on: {
        'signIn.submit': [
          {
            guard: 'credentialsMissing',
            actions: { type: 'toast', params: { level: 'error', message: ENTER_CREDENTIALS } },
          },
          { target: 'checkingPassword' },
        ],
      },
    },
    checkingPassword: {
      tags: 'busy',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'needsEnrolment', params: ({ event }) => ({ answer: event.output }) },
            target: 'enrolling',
            actions: 'forgetPasswords',
          },
          { target: 'secondFactor', actions: 'forgetPasswords' },
        ],
        onError: {
          target: 'credentials',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    choosingPassword: {
      on: {
        'signIn.submit': [
          {
            guard: 'passwordsDiffer',
            actions: { type: 'toast', params: { level: 'error', message: PASSWORDS_DIFFER } },
          },
          { target: 'acceptingInvitation' },
        ],
      },
    },
    acceptingInvitation: {
      tags: 'busy',
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ invitation: context.invitation ?? '', password: context.password }),
        onDone: { target: 'enrolling', actions: 'forgetPasswords' },
        onError: {
          target: 'choosingPassword',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    secondFactor: {
      on: {
        'signIn.submit': [
          { guard: 'codeMissing', actions: { type: 'toast', params: { level: 'error', message: ENTER_CODE } } },
          { target: 'checkingCode' },
        ],
        'signIn.restart': { target: 'credentials', actions: 'forgetCode' },
        'signIn.passkey': { target: 'checkingPasskey', actions: 'forgetCode' },
      },
    },
    // The phishing-resistant second factor: the phone's screen lock, for this console's origin only.
    checkingPasskey: {
      tags: 'busy',
      invoke: {
        id: 'usePasskey',
        src: 'usePasskey',
        onDone: { target: 'signedIn', actions: { type: 'navigate', params: { to: '/' } } },
        onError: [
          {
            guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'credentials',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          },
          {
            target: 'secondFactor',
            actions: {
              type: 'toast',
              params: ({ event }) => ({ level: 'error', message: passkeyRefusal(event.error) }),
            },
          },
        ],
      },
    },
    checkingCode: {
      tags: 'busy',
      invoke: {
        id: 'submitCode',
        src: 'submitCode',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: { target: 'signedIn', actions: ['forgetCode', { type: 'navigate', params: { to: '/' } }] },
        onError: [
          // Too many wrong codes, or the half-open session timed out: the password again.
          {
            guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: 'credentials',
            actions: [
              'forgetCode',
              { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
            ],
          },
          {
            target: 'secondFactor',
            actions: [
              'forgetCode',
              { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
            ],
          },
        ],
      },
    },
    enrolling: {
      invoke: {
        id: 'enrolment',
        src: 'enrolment',
        onDone: { target: 'signedIn', actions: { type: 'navigate', params: { to: '/' } } },
      },
    },
    signedIn: { type: 'final' },
  },
});
