import { fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { signInWithPasskey } from '../../api/account/passkeys';
import { ApiError } from '../../api/kit/http';
import { autofillSupported, passkeyNotUsed } from '../../api/kit/webauthn';
import type { Envelope, UserData } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { landingRouteFor, toSessionUser } from '../../domain/account/user';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';
import type { sessionMachine } from '../app/session';

export interface PasskeySignInInput {
  session: ActorRefFrom<typeof sessionMachine>;
}

export type PasskeySignInEvent = { type: 'passkey.signIn' };

/** Said when the user closed the phone's prompt, or the phone held no passkey of ours. */
export const PASSKEY_NOT_USED: Words = /*i18n*/ {
  id: 'auth.passkey.notUsed',
  message: 'no passkey was used: try again, or log in with your password',
};

/**
 * /login's passkey sign-in, beside the password form (login.ts): where the browser supports it,
 * its passkeys are offered in the e-mail field's autofill from the start (conditional mediation),
 * and "Sign in with a passkey" asks in a dialog. Either lands where a password login does
 * (verify e-mail, set pin, dashboard). A refusal by the server is told; a prompt the user closed
 * is told only after the button, never for the autofill that nobody asked for.
 */
export const passkeySignInMachine = setup({
  types: {
    context: {} as PasskeySignInInput,
    events: {} as PasskeySignInEvent,
    input: {} as PasskeySignInInput,
    emitted: {} as FlowEmitted,
  },
  actors: {
    autofill: fromPromise<Envelope<UserData> | null>(async ({ signal }) =>
      (await autofillSupported()) ? signInWithPasskey(true, signal) : null,
    ),
    signIn: fromPromise<Envelope<UserData>>(({ signal }) => signInWithPasskey(false, signal)),
  },
  actions: {
    ...effects,
    logIn: sendTo(
      ({ context }) => context.session,
      (_, params: { data: Partial<UserData> }) => ({ type: 'session.login' as const, data: params.data }),
    ),
  },
  guards: {
    answered: (_, params: { output: Envelope<UserData> | null }) => params.output !== null,
    refusedByServer: (_, params: { error: unknown }) => params.error instanceof ApiError,
    notUsed: (_, params: { error: unknown }) => passkeyNotUsed(params.error),
  },
}).createMachine({
  id: 'passkeySignIn',
  context: ({ input }) => ({ session: input.session }),
  initial: 'offering',
  states: {
    offering: {
      invoke: {
        id: 'autofill',
        src: 'autofill',
        onDone: [
          {
            guard: { type: 'answered', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            actions: [
              { type: 'logIn', params: ({ event }) => ({ data: event.output?.data ?? {} }) },
              {
                type: 'navigate',
                params: ({ event }) => ({ to: landingRouteFor(toSessionUser(event.output?.data ?? {})) }),
              },
            ],
          },
          // The browser offers no autofill: the button stays.
          { target: 'waiting' },
        ],
        onError: [
          {
            guard: { type: 'refusedByServer', params: ({ event }) => ({ error: event.error }) },
            target: 'waiting',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          },
          { target: 'waiting' },
        ],
      },
      on: { 'passkey.signIn': 'asking' },
    },
    waiting: {
      on: { 'passkey.signIn': 'asking' },
    },
    asking: {
      tags: 'busy',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'logIn', params: ({ event }) => ({ data: event.output.data ?? {} }) },
            {
              type: 'navigate',
              params: ({ event }) => ({ to: landingRouteFor(toSessionUser(event.output.data ?? {})) }),
            },
          ],
        },
        onError: [
          {
            guard: { type: 'notUsed', params: ({ event }) => ({ error: event.error }) },
            target: 'waiting',
            actions: { type: 'toast', params: { level: 'error', message: PASSKEY_NOT_USED } },
          },
          {
            target: 'waiting',
            actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
