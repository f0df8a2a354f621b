import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, VirtualAccount } from '../../core/contract';
import { ApiError } from '../../src/api/http';
import { fundingMachine, type FundingEvent } from '../../src/machines/funding';
import { adaSignedIn as user } from '../support/fixtures';
import { createActorTestModel, createTransitionCoverage, deferredActor, effectLog, errorToast, expectStep, itWalkedEveryTransition, keyApart, leaves, pathTitle } from '../support/flowHarness';
import { createTestSession } from '../support/testSession';

const ACCOUNTS: VirtualAccount[] = [
  { bank_name: 'Wema Bank', account_number: '9912345678' },
  { bank_name: 'Moniepoint MFB', account_number: '6612345678' },
];
const created: Envelope<VirtualAccount[]> = { type: 'success', message: 'accounts created', data: ACCOUNTS };
const noneYet: Envelope<VirtualAccount[]> = { type: 'success', message: 'accounts are being prepared', data: [] };
const refused = 'our bank partner is unavailable, please try again later';

const model = createActorTestModel(fundingMachine, [
  { type: 'xstate.done.actor.createAccounts', output: created },
  { type: 'xstate.done.actor.createAccounts', output: noneYet },
  { type: 'xstate.error.actor.createAccounts', error: refused },
]);
const coverage = createTransitionCoverage(fundingMachine);

function pathsFrom(accounts: VirtualAccount[]) {
  return model.getShortestPaths({
    input: { session: createTestSession(user).actor, accounts },
    // Each answer of the server gets its own path, though two of them end in `failed`.
    serializeState: keyApart(model, ['xstate.done.actor.createAccounts', 'xstate.error.actor.createAccounts']),
  });
}

function runPath(accounts: VirtualAccount[]) {
  return async (path: ReturnType<typeof pathsFrom>[number]) => {
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
  describe('a user without virtual accounts', () => {
    for (const path of pathsFrom([])) it(pathTitle(path), () => runPath([])(path));
  });

  describe('a user with virtual accounts', () => {
    for (const path of pathsFrom(ACCOUNTS)) it(pathTitle(path), () => runPath(ACCOUNTS)(path));
  });

  itWalkedEveryTransition('fundingMachine', coverage, 6);
});
