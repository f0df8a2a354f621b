import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cardQuote } from '../../../core/cardFees';
import type { CardPayment, CardTopUpStarted, FundingStatus, UserData } from '../../../core/contract';
import { fundingMessages, identityMessages } from '../../../core/words/identity';
import { formatNaira } from '../../../core/money';
import { PaystackBank } from '../../../server/gateways/paystackBank';
import { signHmacSha512 } from '../../../server/gateways/webhookSignature';
import { runPartnerRetries } from '../../../server/jobs/partnerRetries';
import { startFakePaystack, type FakePaystack } from '../../../testkit/fakes/paystackServer';
import { identityNumber, signUp, type SignedUp } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { createAccounts } from '../../support/api/bank';
import { ManualClock } from '../../support/api/manualClock';
import {
  COOL_DOWN_MS,
  partnerOptions,
  RecordingLog,
  startListeningApp,
  useListeningApp,
} from '../../support/api/partners';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';
import { english } from '../../support/api/english';

/**
 * Card top-ups through Paystack's checkout, against the fake Paystack: the fee shown before
 * paying, the customer sent to the partner's page, and the wallet credited once after
 * /transaction/verify says success in NGN, by card, for the amount charged, to this customer —
 * whether the webhook or the customer's return comes first. The ledger audit runs after each test.
 */
describe.each(backends)('card top-ups on $name', (backend) => {
  let fake: FakePaystack;
  const log = new RecordingLog();
  const clock = new ManualClock();
  let payer: SignedUp;

  beforeAll(async () => {
    fake = await startFakePaystack();
  });
  afterAll(() => fake.close());
  const t = useListeningApp(backend, () => ({
    clock,
    banks: [new PaystackBank({ baseUrl: fake.url, secretKey: fake.secretKey }, partnerOptions(log, clock))],
  }));
  beforeAll(async () => {
    fake.webhookUrl = t.webhookUrl('paystack');
    payer = await signUp(t);
    // A NIN: tier 1, the wallet may be funded (Paystack gives no account without a BVN, cards it takes).
    await createAccounts(t, payer.token);
  });
  beforeEach(() => {
    fake.misbehave({});
    fake.checkout.webhooks = 'before-redirect';
    // A breaker opened by an outage test closes once its cool-down is over.
    clock.advance(COOL_DOWN_MS);
  });

  const balance = async (token = payer.token) =>
    (await t.call<UserData>('/api/get-user', { token })).body.data!.wallet_balance;
  const start = (amount: number | string, token = payer.token) =>
    t.call<CardTopUpStarted>('/api/card-topups', { token, body: { amount } });
  const verify = (reference: string, token = payer.token) =>
    t.call<CardPayment>('/api/card-topups/verify', { token, body: { reference } });
  /** The customer at the checkout: the page, then a button; answers where the checkout sends them. */
  async function atCheckout(url: string, action: 'pay' | 'decline' | 'cancel'): Promise<URL> {
    expect((await fetch(url)).status).toBe(200);
    const response = await fetch(`${url}/${action}`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(302);
    return new URL(response.headers.get('location')!);
  }
  const started = async (naira = 5_000) => {
    const reply = await start(naira);
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.data!;
  };

  it('shows the fee before paying and charges the card the amount plus the fee, the customer bearing it', async () => {
    const { payment, authorization_url, reference } = await started(5_000);
    const quote = cardQuote(500_000n, 'customer');
    expect(payment).toMatchObject({
      amount: 5_000,
      fee: Number(quote.feeKobo) / 100,
      charged: Number(quote.chargedKobo) / 100,
      status: 'pending',
    });
    expect(authorization_url).toMatch(new RegExp(`^${fake.url}/checkout/`));
    const sent = JSON.parse(fake.requests.filter((request) => request.url === '/transaction/initialize').at(-1)!.body);
    expect(sent).toEqual({
      email: payer.email,
      amount: String(quote.chargedKobo),
      reference,
      currency: 'NGN',
      channels: ['card'],
      callback_url: `${t.config.publicUrl}/funding`,
      metadata: { cancel_action: `${t.config.publicUrl}/funding?reference=${reference}&cancelled=1` },
    });
    const terms = (await t.call<FundingStatus>('/api/funding', { token: payer.token })).body.data!.card;
    expect(terms).toEqual({ provider: 'Paystack', fee_bearer: 'customer', min: 100, max: 300_000 - (await balance()) });
  });

  it('webhook first: credited once on the webhook; the return then finds it credited', async () => {
    const before = await balance();
    const { authorization_url, reference } = await started(5_000);
    const back = await atCheckout(authorization_url, 'pay');
    expect(back.pathname).toBe('/funding');
    expect(back.searchParams.get('reference')).toBe(reference);
    expect(back.searchParams.get('trxref')).toBe(reference);
    expect(await balance()).toBe(before + 5_000);
    expect((await verify(reference)).body.data).toMatchObject({ status: 'success' });
    expect(await balance()).toBe(before + 5_000);
    const claims = await t.db.selectFrom('incoming_transfers').selectAll().where('reference', '=', reference).execute();
    expect(claims).toEqual([
      expect.objectContaining({
        provider: 'paystack',
        amount_kobo: cardQuote(500_000n, 'customer').chargedKobo,
        virtual_account_id: null,
      }),
    ]);
    const transaction = await t.db
      .selectFrom('transactions')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(transaction).toMatchObject({
      category: 'funding',
      amount_kobo: 500_000n,
      status: 'completed',
      description: 'Wallet funding by card',
    });
  });

  it('return first: the return credits once verify says success; the late webhook finds it done', async () => {
    fake.checkout.webhooks = 'held';
    const before = await balance();
    const { authorization_url, reference } = await started(2_000);
    await atCheckout(authorization_url, 'pay');
    expect(await balance(), 'no webhook yet').toBe(before);
    expect((await verify(reference)).body).toMatchObject({
      type: 'success',
      message: 'card payment success',
      data: { status: 'success', amount: 2_000 },
    });
    expect(await balance()).toBe(before + 2_000);
    expect(await fake.checkout.releaseWebhooks()).toBe(1);
    expect(await balance()).toBe(before + 2_000);
    expect(
      await t.db.selectFrom('incoming_transfers').select('id').where('reference', '=', reference).execute(),
    ).toHaveLength(1);
  });

  it('a cancelled payment credits nothing and is listed as abandoned; a declined card as failed', async () => {
    const before = await balance();
    const cancelled = await started(1_000);
    const back = await atCheckout(cancelled.authorization_url, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect((await verify(back.searchParams.get('reference')!)).body.data).toMatchObject({ status: 'abandoned' });
    const declined = await started(1_500);
    await atCheckout(declined.authorization_url, 'decline');
    expect((await verify(declined.reference)).body.data).toMatchObject({ status: 'failed' });
    expect(await balance()).toBe(before);
    const listed = (await t.call<FundingStatus>('/api/funding', { token: payer.token })).body.data!.card_payments;
    expect(listed.slice(0, 2).map((payment) => [payment.reference, payment.status])).toEqual([
      [declined.reference, 'failed'],
      [cancelled.reference, 'abandoned'],
    ]);
  });

  it.each([
    ['another amount', (transaction: { amountKobo: bigint }) => void (transaction.amountKobo += 100n), /reports ₦/],
    ['another currency', (transaction: { currency: string }) => void (transaction.currency = 'USD'), /in USD, not NGN/],
    [
      'another customer',
      (transaction: { email: string }) => void (transaction.email = 'someone.else@example.com'),
      /another customer/,
    ],
  ])(
    'fails closed: a success verify reports with %s is not credited, and is disputed',
    async (_case, change, reason) => {
      fake.checkout.webhooks = 'held';
      const before = await balance();
      const { authorization_url, reference } = await started(1_000);
      await atCheckout(authorization_url, 'pay');
      change(fake.checkout.transactions.get(reference)! as never);
      expect((await verify(reference)).body.data).toMatchObject({ status: 'disputed' });
      expect(await balance()).toBe(before);
      const disputed = await t.db
        .selectFrom('disputed_transfers')
        .selectAll()
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      expect(disputed.reason).toMatch(reason);
      // Its webhook then changes nothing.
      await fake.checkout.releaseWebhooks();
      expect(await balance()).toBe(before);
    },
  );

  it('a verify call that fails is retried later, never turned into a dispute: the partner job credits the payment once Paystack answers', async () => {
    fake.checkout.webhooks = 'held';
    const before = await balance();
    const { authorization_url, reference } = await started(3_000);
    await atCheckout(authorization_url, 'pay');
    fake.misbehave({ down: true });
    const pending = await verify(reference);
    expect(pending.body).toMatchObject({ type: 'success', data: { status: 'pending' } });
    expect(await balance()).toBe(before);
    fake.misbehave({});
    clock.advance(COOL_DOWN_MS);
    t.clock.advance(16 * 60_000);
    const deps = {
      banks: [],
      cards: {
        bank: new PaystackBank({ baseUrl: fake.url, secretKey: fake.secretKey }, partnerOptions(log, clock)),
        feeBearer: 'customer' as const,
      },
    };
    expect((await runPartnerRetries(t.ctx, deps)).cardPayments).toBeGreaterThanOrEqual(1);
    expect(await balance()).toBe(before + 3_000);
  });

  it('refuses a wallet with no verified identity, an amount out of bounds, and one past what the tier lets the wallet hold', async () => {
    const unverified = await signUp(t);
    expect(await start(5_000, unverified.token)).toMatchObject({
      status: 403,
      body: { message: identityMessages.identityRequired.message },
    });
    expect(await start(50)).toMatchObject({
      status: 422,
      body: { message: 'a card top-up must be between ₦100.00 and ₦500,000.00' },
    });
    const room = 300_000 - (await balance());
    expect(await start(room + 1)).toMatchObject({
      status: 422,
      body: { message: english(fundingMessages.cardAboveCap, { left: formatNaira(room) }) },
    });
    expect((await t.call('/api/card-topups', { body: { amount: 5_000 } })).status).toBe(401);
  });

  it("another user's reference is unknown to the payer; a webhook for a reference that is not ours is acknowledged and ignored", async () => {
    const { reference } = await started(1_000);
    const other = await signUp(t);
    await createAccounts(t, other.token);
    expect(await verify(reference, other.token)).toMatchObject({
      status: 404,
      body: { message: fundingMessages.cardPaymentUnknown.message },
    });
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'someone-elses-0001', channel: 'card', status: 'success', amount: 1000, currency: 'NGN' },
    });
    const response = await fetch(t.webhookUrl('paystack'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signHmacSha512(fake.secretKey, body) },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { status: 'ignored' } });
  });

  it('takes no card top-up while no live partner takes cards', async () => {
    const other = await startListeningApp(backend, []);
    try {
      const person = await signUp(other);
      const { name, phone } = person;
      const body = { device: 'web', name, phone, nin: identityNumber(), date_of_birth: SIMULATED_DATE_OF_BIRTH };
      await other.call('/api/update-profile', { token: person.token, body });
      expect(await other.call('/api/card-topups', { token: person.token, body: { amount: 5_000 } })).toMatchObject({
        status: 503,
        body: { message: fundingMessages.noCardTopUps.message },
      });
      expect((await other.call<FundingStatus>('/api/funding', { token: person.token })).body.data!.card).toBeNull();
    } finally {
      await other.close();
    }
  });
});
