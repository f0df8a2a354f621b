import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Envelope, MerchantDetails, VerifyMerchantRequest } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import {
  merchantVerificationMachine,
  type MerchantVerificationEvent,
  type MerchantVerificationReport,
} from '../../../src/machines/purchases/merchantVerification';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import {
  holder,
  merchantVerificationModel,
  recorder,
  request,
  unknown,
} from '../../../testkit/models/purchases/merchantVerification.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  expectStep,
  itWalkedEveryTransition,
  leaves,
  pathTitle,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = merchantVerificationModel.traversals;
const coverage = createTransitionCoverage(merchantVerificationMachine);

describe('merchantVerificationMachine (model-based)', () => {
  for (const path of shortestPaths(merchantVerificationModel, traversal)) {
    it(pathTitle(path), async () => {
      const verify = deferredActor<Envelope<MerchantDetails>, VerifyMerchantRequest>();
      const owner = recorder();
      const actor = createActor(merchantVerificationMachine.provide({ actors: { verifyMerchant: verify.logic } }), {
        input: { owner: owner.actor },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const reports: MerchantVerificationReport[] = [];

      await path.test({
        events: {
          'merchant.verify': ({ event }) => {
            actor.send(event as MerchantVerificationEvent);
            expect(verify.last.input).toEqual(request);
          },
          'merchant.reset': ({ event }) => void actor.send(event as MerchantVerificationEvent),
          'xstate.done.actor.verify': async () => {
            verify.last.resolve(holder);
            // The report names the number verified: the form may hold another one by now.
            reports.push({ type: 'merchant.verified', details: holder.data!, beneficiary: request.beneficiary });
            await leaves(actor, 'verifying');
          },
          'xstate.error.actor.verify': async () => {
            effects.expect([errorToast(unknown)]);
            verify.last.reject(new ApiError({ type: 'error', message: unknown }));
            reports.push({ type: 'merchant.failed' });
            await leaves(actor, 'verifying');
          },
        },
        states: {
          '*': (expected) => {
            const snapshot = expectStep(actor, expected, effects);
            expect(snapshot.hasTag('busy')).toBe(expected.matches('verifying'));
            // Details, and the number they belong to, are kept exactly while verified.
            expect(snapshot.context.details !== null).toBe(expected.matches('verified'));
            expect(snapshot.context.beneficiary).toBe(expected.matches('unverified') ? '' : request.beneficiary);
            expect(owner.heard).toEqual(reports);
          },
        },
      });
      actor.stop();
      owner.actor.stop();
    });
  }

  it('ignores a second Verify while the first runs', () => {
    const verify = deferredActor<Envelope<MerchantDetails>, VerifyMerchantRequest>();
    let calls = 0;
    const actor = createActor(
      merchantVerificationMachine.provide({
        actors: { verifyMerchant: verify.logic },
      }),
      { input: { owner: recorder().actor }, inspect: (e) => void (e.type === '@xstate.actor' && (calls += 1)) },
    ).start();
    const before = calls;
    actor.send({ type: 'merchant.verify', request });
    actor.send({ type: 'merchant.verify', request });
    expect(calls - before).toBe(1);
    expect(actor.getSnapshot().value).toBe('verifying');
  });

  itWalkedEveryTransition('merchantVerificationMachine', coverage, merchantVerificationModel.transitions);
});
