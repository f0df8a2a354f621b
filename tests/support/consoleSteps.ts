import type { AnyActorRef, AnyEventObject } from 'xstate';
import { errorToast, leaves, type effectLog } from './flowHarness';

/**
 * Executes an `xstate.done|error.actor.<id>` step of a console machine's path: the pending call
 * answers the step's output, or fails with its error (a ConsoleError), which the user is told as an
 * error toast; the step is over once the actor has left `from`.
 */
export function settleStep(actor: AnyActorRef, effects: ReturnType<typeof effectLog>) {
  return async (
    call: { resolve: (output: never) => void; reject: (error: unknown) => void },
    event: AnyEventObject,
    from: string,
  ) => {
    if ('error' in event) {
      effects.expect([errorToast((event.error as Error).message)]);
      call.reject(event.error);
    } else call.resolve(event.output as never);
    await leaves(actor, from);
  };
}
