import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { MoneyRequest, NewMoneyRequest } from '../../../core/console';
import {
  AMOUNT_NEEDED,
  CODE_NEEDED,
  moneyRequestMachine,
  REASON_NEEDED,
  type MoneyRequestEvent,
  type MoneyRequestInput,
} from '../../../src/machines/console/moneyRequest';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { moneyRequestModel } from '../../../testkit/models/console/moneyRequest.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  pathTitle,
  successToast,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = moneyRequestModel.traversals;
const coverage = createTransitionCoverage(moneyRequestMachine);

describe('moneyRequestMachine (model-based)', () => {
  for (const path of shortestPaths(moneyRequestModel, traversal)) {
    it(pathTitle(path), async () => {
      const request = deferredActor<MoneyRequest, NewMoneyRequest>();
      const actor = createActor(moneyRequestMachine.provide({ actors: { requestMoney: request.logic } }), {
        input: traversal.options.input as MoneyRequestInput,
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as MoneyRequestEvent);
      await path.test({
        events: {
          'money.change': ({ event }) => send(event),
          'money.back': ({ event }) => send(event),
          'money.submit': ({ event }) => {
            const { value, context } = actor.getSnapshot();
            const refusal =
              value === 'editing'
                ? !(Number(context.amount) > 0)
                  ? AMOUNT_NEEDED
                  : context.reason.trim().length < 10
                    ? REASON_NEEDED
                    : null
                : /^\d{6}$/.test(context.code)
                  ? null
                  : CODE_NEEDED;
            effects.expect(refusal ? [errorToast(refusal)] : []);
            const calls = request.count;
            send(event);
            if (refusal || value === 'editing') expect(request.count).toBe(calls);
            // The maker's own code travels with the request: re-authentication before a money action.
            else
              expect(request.last.input).toEqual({
                kind: 'goodwill-credit',
                customer_id: 12,
                amount: '500',
                reason: 'Airtime delivered late twice',
                code: '492039',
              });
          },
          'xstate.done.actor.requestMoney': async ({ event }) => {
            effects.expect([
              successToast('Request recorded: another finance user must approve it before any money moves.'),
            ]);
            request.last.resolve((event as unknown as { output: MoneyRequest }).output);
            await leaves(actor, 'submitting');
          },
          'xstate.error.actor.requestMoney': async ({ event }) => {
            const { error } = event as unknown as { error: Error };
            effects.expect([errorToast(error.message)]);
            request.last.reject(error);
            await leaves(actor, 'submitting');
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            // A code is never kept past its one use.
            if (!snapshot.matches('confirming') && !snapshot.matches('submitting'))
              expect(snapshot.context.code).toBe('');
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('moneyRequestMachine', coverage, moneyRequestModel.transitions);
});
