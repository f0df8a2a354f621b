import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { CardPayment, Envelope, FundingIdentityRequest, FundingStatus } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import { validateIdentity } from '../../../src/domain/kit/identityForms';
import {
  FUNDING_POLL_MS,
  fundingMachine,
  returnMessage,
  type FundingEvent,
} from '../../../src/machines/wallet/funding';
import { say } from '../../../src/ui/kit/language';
import { BORN, BVN, fundingModel, inputOf } from '../../../testkit/models/wallet/funding.model';
import { shortestPaths, type ModelPath, type Traversal } from '../../../testkit/models/kit/machineModel';
import { adaSignedIn as user } from '../../../testkit/fixtures';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  navigation,
  pathTitle,
  settled,
  submitChecked,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import { createTestSession } from '../../../testkit/testSession';

const coverage = createTransitionCoverage(fundingMachine);

type Output<T> = { output: Envelope<T> };
const outputOf = <T>(event: unknown) => (event as Output<T>).output;
const errorOf = (event: unknown) => (event as { error: string }).error;

function runPath(traversal: Traversal) {
  return async (path: ModelPath) => {
    const { accounts, returned } = inputOf(traversal);
    const { actor: session } = createTestSession({ ...user, accounts });
    const funding = deferredActor<Envelope<FundingStatus>>();
    const identity = deferredActor<Envelope<FundingStatus>, FundingIdentityRequest>();
    const card = deferredActor<Envelope<CardPayment>, string>();
    const clock = new SimulatedClock();
    const actor = createActor(
      fundingMachine.provide({
        actors: { fetchFunding: funding.logic, verifyIdentity: identity.logic, verifyCardPayment: card.logic },
      }),
      {
        input: { session, accounts, returned },
        clock,
        inspect: coverage.inspect,
      },
    );
    const effects = effectLog(actor);
    actor.start();
    // Back from the checkout, the payment is confirmed before anything else is asked.
    if (returned) expect(card.last.input).toBe(returned.reference);

    await path.test({
      events: {
        'funding.change': ({ event }) => void actor.send(event as FundingEvent),
        'funding.retry': ({ event }) => void actor.send(event as FundingEvent),
        'funding.submit': submitChecked(actor, effects, validateIdentity),
        'xstate.done.actor.fetchFunding': async ({ event }) => {
          funding.last.resolve(outputOf<FundingStatus>(event));
          await settled();
        },
        'xstate.error.actor.fetchFunding': async ({ event }) => {
          effects.expect([errorToast(errorOf(event))]);
          funding.last.reject(new ApiError({ type: 'error', message: errorOf(event) }));
          await settled();
        },
        'xstate.done.actor.refreshFunding': async ({ event }) => {
          funding.last.resolve(outputOf<FundingStatus>(event));
          await settled();
        },
        // A failed poll says nothing: the next tick asks again.
        'xstate.error.actor.refreshFunding': async ({ event }) => {
          funding.last.reject(new ApiError({ type: 'error', message: errorOf(event) }));
          await settled();
        },
        'xstate.done.actor.verifyIdentity': async ({ event }) => {
          // The number goes as typed with its date of birth, and the form forgets both once answered.
          expect(identity.last.input).toEqual({ bvn: BVN, date_of_birth: BORN });
          effects.expect([successToast(outputOf<FundingStatus>(event).message)]);
          identity.last.resolve(outputOf<FundingStatus>(event));
          await settled();
          expect(actor.getSnapshot().context.form).toMatchObject({ bvn_or_nin: '', date_of_birth: '' });
        },
        'xstate.error.actor.verifyIdentity': async ({ event }) => {
          effects.expect([errorToast(errorOf(event))]);
          identity.last.reject(new ApiError({ type: 'error', message: errorOf(event) }));
          await settled();
          expect(actor.getSnapshot().context.form).toMatchObject({ bvn_or_nin: BVN, date_of_birth: BORN });
        },
        'xstate.done.actor.verifyCardPayment': async ({ event }) => {
          const answer = outputOf<CardPayment>(event);
          effects.expect([{ type: 'toast', ...returnMessage(answer.data!) }, navigation('/funding')]);
          card.last.resolve(answer);
          await settled();
        },
        'xstate.error.actor.verifyCardPayment': async ({ event }) => {
          effects.expect([errorToast(errorOf(event)), navigation('/funding')]);
          card.last.reject(new ApiError({ type: 'error', message: errorOf(event) }));
          await settled();
        },
        'xstate.after.poll.funding.shown.idle': async () => {
          // Not a moment early.
          const asked = funding.count;
          clock.increment(FUNDING_POLL_MS - 1);
          expect(funding.count).toBe(asked);
          clock.increment(1);
          await settled();
        },
      },
      states: {
        '*': (expected) => {
          const snapshot = expectStep(actor, expected, effects);
          // What the screen shows is what the session keeps.
          expect(session.getSnapshot().context.user.accounts).toEqual(snapshot.context.accounts);
        },
      },
    });
    actor.stop();
    session.stop();
  };
}

describe('fundingMachine (model-based)', () => {
  for (const traversal of fundingModel.traversals) {
    describe(traversal.label, () => {
      for (const path of shortestPaths(fundingModel, traversal)) it(pathTitle(path), () => runPath(traversal)(path));
    });
  }

  it('tells the customer back from the checkout what became of the payment', () => {
    const base = {
      reference: 'NWC-x-000000000000',
      amount: 5_000,
      fee: 177.67,
      charged: 5_177.67,
      created_at: '2026-11-21T10:00:00.000Z',
    };
    const credited = returnMessage({ ...base, status: 'success' });
    expect({ ...credited, message: say(credited.message) }).toEqual({
      level: 'success',
      message: '₦5,000.00 from your card has been added to your wallet.',
    });
    expect(returnMessage({ ...base, status: 'abandoned' }).level).toBe('info');
    expect(returnMessage({ ...base, status: 'failed' }).level).toBe('error');
    expect(returnMessage({ ...base, status: 'pending' }).level).toBe('info');
  });

  itWalkedEveryTransition('fundingMachine', coverage, fundingModel.transitions);
});
