import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, UserData } from '../../../core/contract';
import { passkeySignInMachine } from '../../../src/machines/account/passkeySignIn';
import { passkeySignInModel } from '../../../testkit/models/account/passkeySignIn.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  navigation,
  pathTitle,
  settled,
} from '../../support/flowHarness';

const [traversal] = passkeySignInModel.traversals;
const coverage = createTransitionCoverage(passkeySignInMachine);

type Settling = { output?: Envelope<UserData> | null; error?: unknown; lands?: string };

describe('passkeySignInMachine (model-based)', () => {
  for (const path of shortestPaths(passkeySignInModel, traversal)) {
    it(pathTitle(path), async () => {
      const { actor: session } = createTestSession();
      const autofill = deferredActor<Envelope<UserData> | null>();
      const signIn = deferredActor<Envelope<UserData>>();
      const actor = createActor(
        passkeySignInMachine.provide({ actors: { autofill: autofill.logic, signIn: signIn.logic } }),
        { input: { session }, inspect: coverage.inspect },
      ).start();
      const effects = effectLog(actor);

      /** Settles the actor the step names, expecting what the user is told. */
      const settle =
        (call: () => { resolve(o: never): void; reject(e: unknown): void }, fails: boolean) =>
        async ({ event }: { event: Settling & { type: string } }) => {
          if (fails) {
            const { error } = event;
            // A server refusal is told; a closed prompt after the button is told in plain words;
            // the autofill's own end (aborted) says nothing.
            const told =
              error instanceof Error && error.name === 'NotAllowedError'
                ? [errorToast('no passkey was used: try again, or log in with your password')]
                : error instanceof Error && error.name === 'AbortError'
                  ? []
                  : [errorToast((error as Error).message)];
            effects.expect(told);
            call().reject(error);
          } else {
            effects.expect(event.output ? [navigation(event.lands!)] : []);
            call().resolve(event.output as never);
          }
          await settled();
        };

      await path.test({
        events: {
          'passkey.signIn': () => void actor.send({ type: 'passkey.signIn' }),
          'xstate.done.actor.autofill': settle(() => autofill.last, false),
          'xstate.error.actor.autofill': settle(() => autofill.last, true),
          'xstate.done.actor.signIn': settle(() => signIn.last, false),
          'xstate.error.actor.signIn': settle(() => signIn.last, true),
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // Signed in exactly when the flow ended on a passkey the server accepted.
            expect(session.getSnapshot().matches('signedIn')).toBe(snapshot.matches('signedIn'));
          },
        },
      });
      actor.stop();
      session.stop();
    });
  }

  it('asks the browser for the autofill once, when the screen opens, and never again after the button', async () => {
    const { actor: session } = createTestSession();
    const autofill = deferredActor<Envelope<UserData> | null>();
    const signIn = deferredActor<Envelope<UserData>>();
    const actor = createActor(
      passkeySignInMachine.provide({ actors: { autofill: autofill.logic, signIn: signIn.logic } }),
      { input: { session } },
    ).start();
    expect(autofill.count).toBe(1);
    actor.send({ type: 'passkey.signIn' });
    signIn.last.reject(Object.assign(new Error('closed'), { name: 'NotAllowedError' }));
    await settled();
    actor.send({ type: 'passkey.signIn' });
    expect([autofill.count, signIn.count]).toEqual([1, 2]);
    actor.stop();
    session.stop();
  });

  itWalkedEveryTransition('passkeySignInMachine', coverage, passkeySignInModel.transitions);
});
