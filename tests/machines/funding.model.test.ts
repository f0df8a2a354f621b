import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, VirtualAccount } from '../../core/contract';
import { ApiError } from '../../src/api/http';
import { fundingMachine, type FundingEvent } from '../../src/machines/funding';
import { adaSignedIn as user } from '../support/fixtures';
import { accountsOf, fundingModel } from '../models/funding.model';
import { shortestPaths, type ModelPath } from '../models/machineModel';
import { createTransitionCoverage, deferredActor, effectLog, errorToast, expectStep, itWalkedEveryTransition, leaves, pathTitle } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

const coverage = createTransitionCoverage(fundingMachine);

function runPath(accounts: VirtualAccount[]) {
  return async (path: ModelPath) => {
    const { actor: session } = createTestSession({ ...user, accounts });
    const create = deferredActor<Envelope<VirtualAccount[]>>();
    let calls = 0;
    const actor = createActor(
      fundingMachine.provide({
        actors: {
          createAccounts: create.logic,
        },
      }),
      { input: { session, accounts }, inspect: coverage.inspect },
    );
    actor.subscribe((s) => void (s.matches('creating') && calls++));
    actor.start();
    const effects = effectLog(actor);
    expect(actor.getSnapshot().value).toBe(accounts.length ? 'ready' : 'creating');

    await path.test({
      events: {
        'funding.retry': ({ event }) => void actor.send(event as FundingEvent),
        'xstate.done.actor.createAccounts': async ({ event }) => {
          create.last.resolve((event as unknown as { output: Envelope<VirtualAccount[]> }).output);
          await leaves(actor, 'creating');
        },
        'xstate.error.actor.createAccounts': async ({ event }) => {
          const { error } = event as unknown as { error: string };
          effects.expect([errorToast(error)]);
          create.last.reject(new ApiError({ type: 'error', message: error }));
          await leaves(actor, 'creating');
        },
      },
      states: {
        '*': (expected) => {
          const snapshot = expectStep(actor, expected, effects);
          // What the screen shows is what the session keeps: stored on success, nothing stored otherwise.
          expect(session.getSnapshot().context.user.accounts).toEqual(snapshot.context.accounts);
          if (snapshot.matches('ready')) expect(snapshot.context.accounts.length).toBeGreaterThan(0);
        },
      },
    });
    // Creation is asked for only by a user without accounts, once per opening or retry.
    if (accounts.length) expect(calls).toBe(0);
    actor.stop();
    session.stop();
  };
}

describe('fundingMachine (model-based)', () => {
  for (const traversal of fundingModel.traversals) {
    describe(traversal.label, () => {
      for (const path of shortestPaths(fundingModel, traversal)) it(pathTitle(path), () => runPath(accountsOf(traversal))(path));
    });
  }

  itWalkedEveryTransition('fundingMachine', coverage, fundingModel.transitions);
});
