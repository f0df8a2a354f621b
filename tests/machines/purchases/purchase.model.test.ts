import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type {
  Envelope,
  MerchantDetails,
  ProductPause,
  ProvidersByCategory,
  PurchaseAnswer,
  RecentBeneficiary,
  VerifyMerchantRequest,
} from '../../../core/contract';
import { productPausedNotice } from '../../../core/productPauses';
import { createTestSession } from '../../../testkit/testSession';
import { ApiError } from '../../../src/api/kit/http';
import * as messages from '../../../core/messages';
import { SERVICES, serviceByKey, type ServiceEntry } from '../../../core/services';
import type { FlowEmitted } from '../../../src/machines/kit/effects';
import { merchantVerificationMachine } from '../../../src/machines/purchases/merchantVerification';
import {
  numberChangedSinceVerified,
  pausedNoticeOf,
  purchaseMachine,
  type PurchaseEvent,
  type PurchaseCall,
} from '../../../src/machines/purchases/purchase';
import { ADA_PIN } from '../../../testkit/fixtures';
import { deferredActor, pathTitle, settled } from '../../support/flowHarness';
import { inEnglish } from '../../support/inEnglish';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';
import {
  ada,
  AMOUNT,
  comparable,
  fixtures,
  loadedSession,
  NETWORK_DOWN,
  outcomes,
  providers,
  purchaseModel,
  TYPED_PIN,
} from '../../../testkit/models/purchases/purchase.model';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { say } from '../../../src/ui/kit/language';

const coverage = createTransitionCoverage(purchaseMachine);

/** The purchase flow for `service`, signed in, its calls and its merchant verification's held by the test. */
async function startPurchase(service: ServiceEntry, inspect?: ReturnType<typeof createTransitionCoverage>['inspect']) {
  const session = await loadedSession();
  const buy = deferredActor<PurchaseAnswer, PurchaseCall>();
  const recentCall = deferredActor<Envelope<RecentBeneficiary[]>, { category: string }>();
  const verify = deferredActor<Envelope<MerchantDetails>, VerifyMerchantRequest>();
  const actor = createActor(
    purchaseMachine.provide({
      actors: {
        purchase: buy.logic,
        recentBeneficiaries: recentCall.logic,
        merchantVerification: merchantVerificationMachine.provide({
          actors: { verifyMerchant: verify.logic },
        }) as never,
      },
    }),
    { input: { session: session.actor, service }, inspect },
  ).start();
  return { session, actor, buy, recentCall, verify };
}

describe.each(purchaseModel.traversals.map((traversal) => [traversal.label, traversal] as const))(
  'purchaseMachine for %s (model-based)',
  (_, traversal) => {
    const { service } = traversal.options.input as { service: ServiceEntry };
    const fixture = fixtures[service.key];

    for (const path of shortestPaths(purchaseModel, traversal)) {
      it(pathTitle(path), async () => {
        const { session, actor, buy, recentCall, verify } = await startPurchase(service, coverage.inspect);
        const { pinDialog, verification } = actor.getSnapshot().context;
        expect(verification === null).toBe(!service.verification?.beforePaying);
        expect(recentCall.last.input).toEqual({ category: service.category });

        // What the flow and its two children emit, in order; each step says what it expects.
        const seen: FlowEmitted[] = [];
        let expected: FlowEmitted[] = [];
        for (const source of [actor, pinDialog, verification])
          source?.on('*', (e: FlowEmitted) => void seen.push(inEnglish(e)));
        const expectEffects = (effects: FlowEmitted[]) => void (expected = effects);
        const leavesFlowState = (state: 'verifying' | 'submitting') =>
          waitFor(actor, (s) => !s.matches({ flow: state }));
        let lastKey: string | null = null;

        await path.test({
          events: {
            'form.provider': ({ event }) => void actor.send(event as PurchaseEvent),
            'form.plan': ({ event }) => void actor.send(event as PurchaseEvent),
            'form.beneficiary': ({ event }) => void actor.send(event as PurchaseEvent),
            'form.amount': ({ event }) => void actor.send(event as PurchaseEvent),
            'form.recent': ({ event }) => void actor.send(event as PurchaseEvent),
            'result.dismiss': ({ event }) => void actor.send(event as PurchaseEvent),
            'purchase.continue': () => {
              const before = actor.getSnapshot();
              const { form } = before.context;
              const complete =
                form.providerId !== '' &&
                form.beneficiary !== '' &&
                (service.pricing.kind === 'plan' ? form.planId !== '' : form.amount !== '');
              expectEffects(complete ? [] : [{ type: 'toast', level: 'error', message: messages.allFieldsRequired }]);
              actor.send({ type: 'purchase.continue' });
              const after = actor.getSnapshot();
              if (after.matches({ flow: 'verifying' })) {
                expect(verify.last.input).toEqual({
                  provider_id: Number(form.providerId),
                  beneficiary: form.beneficiary,
                });
              }
              // The pin dialog opens exactly when Continue passes.
              expect(pinDialog.getSnapshot().value).toBe(after.matches({ flow: 'authorising' }) ? 'open' : 'closed');
            },
            'pin.accepted': () => {
              const heldKey = actor.getSnapshot().context.idempotencyKey;
              pinDialog.send({ type: 'pin.change', values: TYPED_PIN });
              pinDialog.send({ type: 'pin.submit' });
              expect(pinDialog.getSnapshot().value).toBe('closed');
              const { form } = actor.getSnapshot().context;
              const common = { provider_id: Number(form.providerId), beneficiary: form.beneficiary, pin: ADA_PIN };
              expect(buy.last.input).toEqual({
                category: service.category,
                body:
                  service.pricing.kind === 'plan'
                    ? { ...common, package_id: Number(form.planId) }
                    : { ...common, amount: AMOUNT },
                idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
              });
              // A retry after no answer, or with another pin after a wrong one, reuses the attempt's key; anything else is a new attempt.
              if (heldKey) expect(buy.last.input.idempotencyKey).toBe(heldKey);
              else expect(buy.last.input.idempotencyKey).not.toBe(lastKey);
              lastKey = buy.last.input.idempotencyKey;
            },
            'pin.cancelled': () => void pinDialog.send({ type: 'pin.cancel' }),
            'merchant.verified': async () => {
              verify.last.resolve({ type: 'success', message: 'verified', data: fixture.merchant });
              await leavesFlowState('verifying');
            },
            'merchant.failed': async () => {
              expectEffects([{ type: 'toast', level: 'error', message: 'merchant not found' }]);
              verify.last.reject(new ApiError({ type: 'error', message: 'merchant not found' }));
              await leavesFlowState('verifying');
            },
            'xstate.done.actor.purchase': async ({ event }) => {
              const { output } = event as unknown as { output: PurchaseAnswer };
              const reason = output.type === 'error' ? output.data?.reason : undefined;
              const polls = session.polls;
              const keyBefore = actor.getSnapshot().context.idempotencyKey;
              if (reason === 'pin-incorrect' || reason === 'pin-logout') {
                // The fixed words of a pin failure, whatever the server says.
                expectEffects([
                  { type: 'toast', level: 'error', message: messages.pinNotCorrect },
                  ...(reason === 'pin-logout' ? [{ type: 'navigate' as const, to: '/login' }] : []),
                ]);
              } else {
                const level =
                  output.type !== 'success' ? 'error' : output.data?.status === 'completed' ? 'success' : 'info';
                expectEffects([{ type: 'toast', level, message: output.message }]);
              }
              buy.last.resolve(output);
              await leavesFlowState('submitting');
              await settled();
              const sessionState = session.actor.getSnapshot();
              if (reason === 'pin-incorrect') {
                // Asked again at once, boxes empty, same purchase (same key); the count is the server's, held by the session.
                expect(actor.getSnapshot().matches({ flow: 'authorising' })).toBe(true);
                expect(pinDialog.getSnapshot().value).toBe('open');
                expect(pinDialog.getSnapshot().context.code).toEqual(['', '', '', '']);
                expect(actor.getSnapshot().context.idempotencyKey).toBe(keyBefore);
                expect(sessionState.context).toMatchObject({ pin_attempts: 1, max_attempts: 3, pin_locked: false });
                expect(session.polls).toBe(polls);
              } else if (reason === 'pin-logout') {
                expect(sessionState.matches('signedOut')).toBe(true);
                expect(sessionState.context.user.token).toBe('');
              } else if (reason === 'pin-locked') {
                expect(sessionState.context.pin_locked).toBe(true);
                expect(session.polls).toBe(polls);
              } else {
                // The balance moved (or was refunded): the session fetches the user again.
                expect(session.polls).toBe(polls + 1);
              }
              if (output.type === 'success' && verification)
                expect(verification.getSnapshot().value).toBe('unverified');
            },
            'xstate.error.actor.purchase': async () => {
              expectEffects([{ type: 'toast', level: 'error', message: NETWORK_DOWN }]);
              buy.last.reject(new Error(NETWORK_DOWN));
              await leavesFlowState('submitting');
            },
            'xstate.done.actor.recent': async ({ event }) => {
              recentCall.last.resolve((event as unknown as { output: Envelope<RecentBeneficiary[]> }).output);
              await waitFor(actor, (s) => s.matches({ recent: 'loaded' }));
            },
            'xstate.error.actor.recent': async () => {
              recentCall.last.reject(new Error(NETWORK_DOWN));
              await waitFor(actor, (s) => s.matches({ recent: 'loaded' }));
            },
          },
          states: {
            '*': (expectedSnapshot) => {
              const snapshot = actor.getSnapshot();
              expect(snapshot.value).toEqual(expectedSnapshot.value);
              expect(comparable(snapshot)).toEqual(comparable(expectedSnapshot));
              expect(seen.splice(0)).toEqual(expected.map(inEnglish));
              expected = [];
              // The loading overlay shows exactly while the purchase call runs.
              expect(session.actor.getSnapshot().context.loading).toBe(snapshot.matches({ flow: 'submitting' }));
              expect(snapshot.hasTag('busy')).toBe(
                snapshot.matches({ flow: 'submitting' }) || snapshot.matches({ flow: 'verifying' }),
              );
              // The pin lives only for the request it authorises.
              expect(snapshot.context.pin).toBe(snapshot.matches({ flow: 'submitting' }) ? ADA_PIN : '');
              const { form, result, merchant } = snapshot.context;
              // Nothing but a number ever reaches the form.
              expect(form.beneficiary).toMatch(/^\d*$/);
              expect(form.amount).toMatch(/^\d*(\.\d{1,2})?$/);
              // The details shown belong to the number verified.
              if (merchant) expect(merchant.beneficiary).toBe(verify.last.input.beneficiary);
              if (service.pricing.kind === 'plan' && form.planId) {
                const plan = providers[service.category]
                  .flatMap((p) => p.packages)
                  .find((p) => String(p.id) === form.planId)!;
                expect(form.amount).toBe(String(plan.amount));
              }
              // Only a delivered token or pin is kept for the user to copy.
              if (result) expect(result.display_value).toBe(fixture.value[1]);
              // Signed in, unless the server ended the session for too many wrong pins.
              expect(session.actor.getSnapshot().context.user.email).toBe(
                snapshot.matches({ flow: 'signedOut' }) ? '' : ada.email,
              );
            },
          },
        });
        actor.stop();
        session.actor.stop();
      });
    }
  },
);

describe('purchaseMachine (details)', () => {
  async function start(service: ServiceEntry) {
    const { session, actor, buy, recentCall, verify } = await startPurchase(service);
    const { pinDialog } = actor.getSnapshot().context;
    const typePin = (pin = ADA_PIN) => {
      pinDialog.send({ type: 'pin.change', values: pin.split('') });
      pinDialog.send({ type: 'pin.submit' });
    };
    const pay = (pin = ADA_PIN) => {
      actor.send({ type: 'purchase.continue' });
      typePin(pin);
    };
    return { session, actor, buy, recentCall, verify, pay, typePin };
  }

  /** The electricity form for meter 45012345678 at ₦2,000, its meter verified. */
  async function verifiedMeter() {
    const flow = await start(serviceByKey('electricity'));
    flow.actor.send({ type: 'form.provider', value: '21' });
    flow.actor.send({ type: 'form.beneficiary', value: '45012345678' });
    flow.actor.send({ type: 'form.amount', value: '2000' });
    flow.actor.send({ type: 'purchase.continue' });
    flow.verify.last.resolve({ type: 'success', message: 'ok', data: fixtures.electricity.merchant });
    await waitFor(flow.actor, (s) => s.matches({ flow: 'editing' }));
    return flow;
  }

  it('reuses the key only to retry an attempt that got no answer', async () => {
    const { actor, buy, pay } = await start(serviceByKey('airtime'));
    actor.send({ type: 'form.provider', value: '1' });
    actor.send({ type: 'form.beneficiary', value: '08031234567' });
    actor.send({ type: 'form.amount', value: '500' });
    pay();
    const first = buy.last.input.idempotencyKey;
    buy.last.reject(new Error(NETWORK_DOWN));
    await waitFor(actor, (s) => s.matches({ flow: 'editing' }));
    pay();
    expect(buy.last.input.idempotencyKey).toBe(first);
    buy.last.reject(new Error(NETWORK_DOWN));
    await waitFor(actor, (s) => s.matches({ flow: 'editing' }));
    // A changed amount is another purchase.
    actor.send({ type: 'form.amount', value: '600' });
    pay();
    const second = buy.last.input.idempotencyKey;
    expect(second).not.toBe(first);
    buy.last.resolve(outcomes(serviceByKey('airtime')).refunded);
    await waitFor(actor, (s) => s.matches({ flow: 'editing' }));
    // Answered: trying again is a new attempt, with the form as it was.
    expect(actor.getSnapshot().context.form).toEqual({
      providerId: '1',
      planId: '',
      beneficiary: '08031234567',
      amount: '600',
    });
    pay();
    expect(buy.last.input.idempotencyKey).not.toBe(second);
  });

  it('suggests the network from the number, unless the user picked one', async () => {
    const { actor } = await start(serviceByKey('internet'));
    actor.send({ type: 'form.beneficiary', value: '+234 802 123 4567' });
    expect(actor.getSnapshot().context).toMatchObject({ suggestedNetwork: 'Airtel', form: { providerId: '12' } });
    actor.send({ type: 'form.plan', value: '121' });
    expect(actor.getSnapshot().context.form.amount).toBe('1000');
    // A ported number: the user overrides, which clears the plan and its amount.
    actor.send({ type: 'form.provider', value: '11' });
    expect(actor.getSnapshot().context.form).toMatchObject({ providerId: '11', planId: '', amount: '' });
    actor.send({ type: 'form.beneficiary', value: '08171234567' });
    expect(actor.getSnapshot().context).toMatchObject({ suggestedNetwork: '9mobile', form: { providerId: '11' } });
  });

  it('keeps a verification when fields change, and asks for a new one after a purchase', async () => {
    const { actor, buy, pay } = await verifiedMeter();
    actor.send({ type: 'form.amount', value: '3000' });
    expect(actor.getSnapshot().context.merchant).toEqual({
      details: fixtures.electricity.merchant,
      beneficiary: '45012345678',
    });
    pay();
    expect(buy.last.input.body).toEqual({ provider_id: 21, beneficiary: '45012345678', amount: '3000', pin: ADA_PIN });
    buy.last.resolve(outcomes(serviceByKey('electricity')).delivered);
    await waitFor(actor, (s) => s.matches({ flow: 'editing' }));
    const { context } = actor.getSnapshot();
    expect(context.form).toEqual({ providerId: '', planId: '', beneficiary: '', amount: '' });
    expect(context.result?.display_value).toBe('1234-5678-9012-3456-7890');
    expect(context.merchant).toBeNull();
    expect(context.verification!.getSnapshot().value).toBe('unverified');
    expect(context.recent[0]).toEqual({ beneficiary: '45012345678', provider_id: 21, provider_name: 'Ikeja Electric' });
  });

  it('keeps the verification when the number changes, and says it belongs to the number verified', async () => {
    const { actor, buy, pay } = await verifiedMeter();
    expect(numberChangedSinceVerified(actor.getSnapshot().context)).toBe(false);
    actor.send({ type: 'form.beneficiary', value: '45019876543' });
    expect(actor.getSnapshot().context.merchant).toEqual({
      details: fixtures.electricity.merchant,
      beneficiary: '45012345678',
    });
    expect(numberChangedSinceVerified(actor.getSnapshot().context)).toBe(true);
    // Paying bills the number in the field (the screen keeps the old verification; the server
    // verifies the new number again).
    pay();
    expect(buy.last.input.body).toMatchObject({ beneficiary: '45019876543' });
    buy.last.reject(new Error(NETWORK_DOWN));
    await waitFor(actor, (s) => s.matches({ flow: 'editing' }));
    actor.send({ type: 'form.beneficiary', value: '4501 234 5678' });
    expect(numberChangedSinceVerified(actor.getSnapshot().context)).toBe(false);
  });

  it.each(SERVICES.map((service) => [service.key, service] as const))(
    '%s: letters typed, pasted or autofilled never reach the form',
    async (_, service) => {
      const { actor } = await start(service);
      const form = () => actor.getSnapshot().context.form;
      const phone = service.beneficiary.input === 'phone';
      const maxDigits = service.beneficiary.input === 'phone' ? 11 : service.beneficiary.input.maxDigits;
      // Typed one key at a time: a letter leaves the field as it was.
      actor.send({ type: 'form.beneficiary', value: '0' });
      actor.send({ type: 'form.beneficiary', value: '0a' });
      expect(form().beneficiary).toBe('0');
      // Pasted with separators and letters.
      actor.send({ type: 'form.beneficiary', value: 'ID: 0803-123 4567!' });
      expect(form().beneficiary).toBe('08031234567');
      // Autofilled in the international form: a phone number becomes its local form.
      actor.send({ type: 'form.beneficiary', value: '+234 803 123 4567' });
      expect(form().beneficiary).toBe(phone ? '08031234567' : '2348031234567'.slice(0, maxDigits));
      // No longer than the longest number the service knows.
      actor.send({ type: 'form.beneficiary', value: '1'.repeat(30) });
      expect(form().beneficiary).toHaveLength(maxDigits);
      if (service.pricing.kind === 'amount') {
        actor.send({ type: 'form.amount', value: '1,500.755abc' });
        expect(form().amount).toBe('1500.75');
        actor.send({ type: 'form.amount', value: '1500.7.5' });
        expect(form().amount).toBe('1500.75');
      }
    },
  );

  it('offers no more than five recent beneficiaries', async () => {
    const { actor, recentCall } = await start(serviceByKey('betting'));
    const entry = (beneficiary: string) => ({ beneficiary, provider_id: 31, provider_name: 'Bet9ja' });
    recentCall.last.resolve({ type: 'success', message: '', data: ['1', '2', '3', '4', '5', '6'].map(entry) });
    await waitFor(actor, (s) => s.matches({ recent: 'loaded' }));
    expect(actor.getSnapshot().context.recent.map((r) => r.beneficiary)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('reuses a recent beneficiary with its provider in one tap; the plan goes with a changed provider', async () => {
    const { actor } = await start(serviceByKey('internet'));
    actor.send({ type: 'form.provider', value: '11' });
    actor.send({ type: 'form.plan', value: '111' });
    actor.send({ type: 'form.recent', beneficiary: '08021234567', providerId: '12' });
    expect(actor.getSnapshot().context).toMatchObject({
      form: { providerId: '12', planId: '', amount: '', beneficiary: '08021234567' },
      providerChosen: true,
      suggestedNetwork: 'Airtel',
    });
    // A provider no longer offered leaves the choice to the user.
    actor.send({ type: 'form.recent', beneficiary: '08031234567', providerId: '99' });
    expect(actor.getSnapshot().context.form).toMatchObject({ providerId: '12', beneficiary: '08031234567' });
  });

  it('counts wrong pins on the server: each reopens the dialog for the same purchase, the one past max_attempts logs out', async () => {
    const service = serviceByKey('airtime');
    const { session, actor, buy, pay, typePin } = await start(service);
    const seen: FlowEmitted[] = [];
    for (const source of [actor, actor.getSnapshot().context.pinDialog])
      source.on('*', (e: FlowEmitted) => void seen.push(inEnglish(e)));
    actor.send({ type: 'form.provider', value: '1' });
    actor.send({ type: 'form.beneficiary', value: '08031234567' });
    actor.send({ type: 'form.amount', value: '500' });
    pay('1111');
    const key = buy.last.input.idempotencyKey;
    for (const attempts of [1, 2, 3]) {
      expect(buy.last.input.body.pin).toBe(attempts === 1 ? '1111' : `111${attempts}`);
      expect(buy.last.input.idempotencyKey).toBe(key);
      buy.last.resolve({
        ...outcomes(service).wrongPin,
        data: { reason: 'pin-incorrect', pin_attempts: attempts, max_attempts: 3, attempts_left: 3 - attempts },
      });
      await waitFor(actor, (s) => s.matches({ flow: 'authorising' }));
      expect(seen.splice(0)).toEqual([{ type: 'toast', level: 'error', message: 'transaction pin not correct' }]);
      expect(session.actor.getSnapshot().context).toMatchObject({
        pin_attempts: attempts,
        max_attempts: 3,
        loading: false,
      });
      expect(actor.getSnapshot().context.form.amount).toBe('500');
      typePin(`111${attempts + 1}`);
    }
    expect(buy.count).toBe(4);
    buy.last.resolve(outcomes(service).pinLogout);
    await waitFor(actor, (s) => s.matches({ flow: 'signedOut' }));
    expect(seen).toEqual([
      { type: 'toast', level: 'error', message: 'transaction pin not correct' },
      { type: 'navigate', to: '/login' },
    ]);
    expect(session.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(session.actor.getSnapshot().context).toMatchObject({
      pin_attempts: 0,
      pin_locked: false,
      user: { token: '', pin: '' },
    });
  });

  it('a pin locked until it is reset: the server’s message, the form kept, and the session knows', async () => {
    const service = serviceByKey('airtime');
    const { session, actor, buy, pay } = await start(service);
    const seen: FlowEmitted[] = [];
    actor.on('*', (e: FlowEmitted) => void seen.push(inEnglish(e)));
    actor.send({ type: 'form.provider', value: '1' });
    actor.send({ type: 'form.beneficiary', value: '08031234567' });
    actor.send({ type: 'form.amount', value: '500' });
    pay();
    buy.last.resolve(outcomes(service).pinLocked);
    await waitFor(actor, (s) => s.matches({ flow: 'editing' }));
    expect(seen).toEqual([{ type: 'toast', level: 'error', message: outcomes(service).pinLocked.message }]);
    expect(session.actor.getSnapshot().context.pin_locked).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      form: { providerId: '1', beneficiary: '08031234567', amount: '500' },
      idempotencyKey: null,
    });
  });

  it('shows a paused product, refuses Continue with its notice, and sells it again once a poll brings it back', async () => {
    const service = serviceByKey('airtime');
    const pause: ProductPause = { cause: 'failing', back_at: '2026-11-21T10:05:00.000Z' };
    const paused = providers.airtime.map((provider) => (provider.id === 1 ? { ...provider, paused: pause } : provider));
    let catalogue: ProvidersByCategory = { ...providers, airtime: paused };
    const session = createTestSession(ada, async () => ({ user: {}, providers: catalogue }));
    await waitFor(session.actor, (s) => s.matches({ signedIn: 'waiting' }));
    const recentCall = deferredActor<Envelope<RecentBeneficiary[]>, { category: string }>();
    const actor = createActor(purchaseMachine.provide({ actors: { recentBeneficiaries: recentCall.logic } }), {
      input: { session: session.actor, service },
      inspect: coverage.inspect,
    }).start();
    const seen: FlowEmitted[] = [];
    actor.on('*', (e: FlowEmitted) => void seen.push(inEnglish(e)));
    const product = () => actor.getSnapshot().value as { product: string };
    expect(product().product).toBe('available');

    actor.send({ type: 'form.provider', value: '1' });
    expect([product().product, actor.getSnapshot().hasTag('paused')]).toEqual(['paused', true]);
    const notice = productPausedNotice(service, 'MTN', pause);
    expect(notice).toBe(
      'MTN Airtime is paused: MTN is not completing purchases right now. It may be back after 11:05 (Lagos ' +
        'time); meanwhile choose another network.',
    );
    expect(say(pausedNoticeOf(actor.getSnapshot().context))).toBe(notice);
    actor.send({ type: 'form.beneficiary', value: '08031234567' });
    actor.send({ type: 'form.amount', value: '500' });
    actor.send({ type: 'purchase.continue' });
    // No pin is asked for: the notice again, the form kept for when it is back.
    expect(actor.getSnapshot().matches({ flow: 'editing' })).toBe(true);
    expect(seen.splice(0)).toEqual([{ type: 'toast', level: 'error', message: notice }]);
    // Another network is sold meanwhile.
    actor.send({ type: 'form.provider', value: '2' });
    expect(product().product).toBe('available');
    actor.send({ type: 'form.provider', value: '1' });
    expect(product().product).toBe('paused');

    // The next poll brings it back: the same form goes on.
    catalogue = providers;
    session.actor.send({ type: 'session.refresh' });
    await waitFor(actor, () => product().product === 'available');
    actor.send({ type: 'purchase.continue' });
    expect(actor.getSnapshot().matches({ flow: 'authorising' })).toBe(true);
    actor.stop();
  });

  // Declared last, so it runs after every path above; the six configurations together walk every transition.
  it('walked every transition of purchaseMachine', () => {
    expect(coverage.missing()).toEqual([]);
    expect(coverage.all()).toHaveLength(purchaseModel.transitions);
  });
});
