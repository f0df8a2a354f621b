import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { cardQuote } from '../../../core/cardFees';
import type { CardTopUpStarted, Envelope } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import { cardTopUpMachine, quoteShown, type CardTopUpEvent } from '../../../src/machines/wallet/cardTopUp';
import { validateCardAmount } from '../../../src/domain/wallet/cardAmount';
import { CARD_TERMS } from '../../../testkit/models/wallet/funding.model';
import { cardTopUpModel } from '../../../testkit/models/wallet/cardTopUp.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  pathTitle,
  settled,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const coverage = createTransitionCoverage(cardTopUpMachine);
const [traversal] = cardTopUpModel.traversals;

describe('cardTopUpMachine (model-based)', () => {
  for (const path of shortestPaths(cardTopUpModel, traversal)) {
    it(pathTitle(path), async () => {
      const start = deferredActor<Envelope<CardTopUpStarted>, string>();
      const actor = createActor(cardTopUpMachine.provide({ actors: { startTopUp: start.logic } }), {
        input: { terms: CARD_TERMS },
        inspect: coverage.inspect,
      });
      const effects = effectLog(actor);
      actor.start();
      await path.test({
        events: {
          'card.change': ({ event }) => {
            actor.send(event as CardTopUpEvent);
            // The fee and the total are shown as soon as the amount is one, before paying.
            const { amount, quote } = actor.getSnapshot().context;
            expect(quote).toEqual(quoteShown(cardQuote(BigInt(Number(amount) * 100), 'customer')));
          },
          'card.submit': ({ event }) => {
            const rejection = validateCardAmount(actor.getSnapshot().context.amount, CARD_TERMS);
            effects.expect(rejection ? [errorToast(rejection)] : []);
            actor.send(event as CardTopUpEvent);
            if (!rejection) expect(start.last.input).toBe(actor.getSnapshot().context.amount);
          },
          'xstate.done.actor.startTopUp': async ({ event }) => {
            const answer = (event as unknown as { output: Envelope<CardTopUpStarted> }).output;
            // Off to the partner's own page: a redirect, never their script on ours.
            effects.expect([{ type: 'redirect', url: answer.data!.authorization_url }]);
            start.last.resolve(answer);
            await settled();
          },
          'xstate.error.actor.startTopUp': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            start.last.reject(new ApiError({ type: 'error', message: error }));
            await settled();
          },
        },
        states: { '*': (expected) => void expectStep(actor, expected, effects) },
      });
      actor.stop();
    });
  }

  it('keeps what the amount field may hold: digits and two decimals', () => {
    const actor = createActor(cardTopUpMachine, { input: { terms: CARD_TERMS } }).start();
    actor.send({ type: 'card.change', value: '₦5,000.755' });
    expect(actor.getSnapshot().context.amount).toBe('5000.75');
    actor.stop();
  });

  itWalkedEveryTransition('cardTopUpMachine', coverage, cardTopUpModel.transitions);
});
