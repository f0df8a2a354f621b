import { assign, fromPromise, setup } from 'xstate';
import { TOTP_CODE, type EnrolmentDone, type EnrolmentSecret } from '../../../core/console';
import { confirmEnrolment, startEnrolment } from '../../api/console/calls';
import { effects, errorMessage, type FlowEmitted } from '../kit/effects';

export interface TotpEnrolmentContext {
  /** The secret to scan, until the code from it is confirmed. */
  enrolment: EnrolmentSecret | null;
  code: string;
  /** Shown once, after the confirmation. */
  recoveryCodes: string[];
}

export type TotpEnrolmentEvent =
  | { type: 'enrolment.code'; value: string }
  | { type: 'enrolment.submit' }
  | { type: 'enrolment.retry' }
  | { type: 'enrolment.saved' };

export const ENTER_SIX_DIGITS = 'Enter the six-digit code your authenticator app shows for Naira Wallet.';

/**
 * Enrolling the authenticator app: a new secret from the server (its QR code, and the key to type
 * when scanning fails), a code from the app to prove it was added, then the ten recovery codes,
 * shown once, until the staff member says they are saved.
 */
export const totpEnrolmentMachine = setup({
  types: {
    context: {} as TotpEnrolmentContext,
    events: {} as TotpEnrolmentEvent,
    emitted: {} as FlowEmitted,
  },
  actors: {
    startEnrolment: fromPromise<EnrolmentSecret>(async ({ signal }) => (await startEnrolment(signal)).data),
    confirmEnrolment: fromPromise<EnrolmentDone, { code: string }>(({ input, signal }) =>
      confirmEnrolment(input.code, signal),
    ),
  },
  actions: {
    ...effects,
    keepEnrolment: assign({ enrolment: (_, params: { enrolment: EnrolmentSecret }) => params.enrolment }),
    setCode: assign({ code: (_, params: { value: string }) => params.value.replace(/\D/g, '').slice(0, 6) }),
    forgetCode: assign({ code: '' }),
    // The secret is the app's now: the page no longer needs it.
    keepRecoveryCodes: assign({ enrolment: null, recoveryCodes: (_, params: { codes: string[] }) => params.codes }),
    forgetRecoveryCodes: assign({ recoveryCodes: [] }),
  },
  guards: {
    codeIncomplete: ({ context }) => !TOTP_CODE.test(context.code),
  },
}).createMachine({
  id: 'totpEnrolment',
  context: { enrolment: null, code: '', recoveryCodes: [] },
  initial: 'starting',
  states: {
    starting: {
      tags: 'busy',
      invoke: {
        id: 'startEnrolment',
        src: 'startEnrolment',
        onDone: {
          target: 'scanning',
          actions: { type: 'keepEnrolment', params: ({ event }) => ({ enrolment: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
        },
      },
    },
    failed: {
      on: { 'enrolment.retry': 'starting' },
    },
    scanning: {
      on: {
        'enrolment.code': { actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) } },
        'enrolment.submit': [
          {
            guard: 'codeIncomplete',
            actions: { type: 'toast', params: { level: 'error', message: ENTER_SIX_DIGITS } },
          },
          { target: 'confirming' },
        ],
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmEnrolment',
        src: 'confirmEnrolment',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'showingCodes',
          actions: [
            'forgetCode',
            { type: 'keepRecoveryCodes', params: ({ event }) => ({ codes: event.output.recovery_codes }) },
          ],
        },
        onError: {
          target: 'scanning',
          actions: [
            'forgetCode',
            { type: 'toast', params: ({ event }) => ({ level: 'error', message: errorMessage(event.error) }) },
          ],
        },
      },
    },
    showingCodes: {
      on: { 'enrolment.saved': { target: 'done', actions: 'forgetRecoveryCodes' } },
    },
    done: { type: 'final' },
  },
});
