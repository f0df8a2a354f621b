import { assign, type ActionFunction } from 'xstate';
import type { Envelope } from '../../../core/contract';
import { errorMessage } from './effects';

/**
 * Sending a one-time code (e-mailed or texted) and another once a countdown is over, as
 * /verify-email, /reset-pin and the phone's verification do. A flow spreads `codeWaitActions`
 * and `codeWaitGuards` into its setup and has an `otpCountdown` actor. The fragments below use
 * those names, not inline functions, so each flow's page in docs/machines and its model tests
 * name `waitFully`, `waitAsTold`, `namesWait` and the `countdown` and `resend` children.
 */

/**
 * 'you will be able to resend otp in about N seconds' → N, so the countdown starts from the
 * server's figure; null when no wait is named. The server says it in the reader's language, so
 * the one number in it is the wait, unless it counts the hour's limit in minutes (said in English).
 */
export function resendWaitSeconds(message: string): number | null {
  const match = /(\d+)(?!\d|\s*minutes?)/i.exec(message);
  return match ? Number(match[1]) : null;
}

interface Waits {
  countdownSeconds: number;
  /** Where the next countdown starts: the full wait, or what the server says is left of it. */
  wait: number;
}

// Loose on context and event, as effects.ts's are, so one definition fits each flow's `setup`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type WaitAction<P> = ActionFunction<any, any, any, P, never, never, never, never, never>;

export const codeWaitActions = {
  waitFully: assign({ wait: ({ context }: { context: Waits }) => context.countdownSeconds }) as WaitAction<undefined>,
  waitAsTold: assign({
    wait: (_: unknown, params: { message: string }) => resendWaitSeconds(params.message) ?? 0,
  }) as WaitAction<{ message: string }>,
};

export const codeWaitGuards = {
  namesWait: (_: unknown, params: { message: string }) => (resendWaitSeconds(params.message) ?? 0) > 0,
};

// Only the server's refusal names a wait; the words of any other failure are not searched.
const refusal = ({ event }: { event: { error: unknown } }) => ({
  message: event.error instanceof Error ? event.error.message : String(event.error),
});
const errorToast = ({ event }: { event: { error: unknown } }) => ({
  level: 'error' as const,
  message: errorMessage(event.error),
});

/**
 * A code request's outcomes, for its invoke: sent, on to `sent` with the full wait; refused
 * because a code went out moments ago, on to `sent` too (that code is the one to type) with
 * what is left of the wait; any other failure (offline, say), on to `failed`, to ask again at once.
 */
export const codeRequestOutcomes = <Sent extends string, Failed extends string>(sent: Sent, failed: Failed) =>
  ({
    onDone: {
      target: sent,
      actions: [
        'waitFully',
        {
          type: 'toast',
          params: ({ event }: { event: { output: Envelope } }) => ({
            level: 'success' as const,
            message: event.output.message,
          }),
        },
      ],
    },
    onError: [
      {
        guard: { type: 'namesWait', params: refusal },
        target: sent,
        actions: [
          { type: 'waitAsTold', params: refusal },
          { type: 'toast', params: errorToast },
        ],
      },
      { target: failed, actions: { type: 'toast', params: errorToast } },
    ],
  }) as const;

/**
 * The region asking for another code: counting down, then ready for `send`, then sending by
 * `src`. A flow that sends its first code here (/verify-email) starts in `sending`.
 */
export const resendStates = <Send extends string, Src extends string>(send: Send, src: Src) =>
  ({
    cooling: {
      invoke: {
        id: 'countdown',
        src: 'otpCountdown',
        input: ({ context }: { context: Waits }) => ({ seconds: context.wait }),
        onDone: 'ready',
      },
    },
    ready: {
      on: { [send]: 'sending' } as Record<Send, 'sending'>,
    },
    sending: {
      invoke: { id: 'resend', src, ...codeRequestOutcomes('cooling', 'ready') },
    },
  }) as const;
