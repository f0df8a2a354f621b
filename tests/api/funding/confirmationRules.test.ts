import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserData, VirtualAccount } from '../../../core/contract';
import type { BankPartner } from '../../../server/gateways/bankPartner';
import { MonnifyBank } from '../../../server/gateways/monnifyBank';
import { PaystackBank } from '../../../server/gateways/paystackBank';
import { runPartnerRetries } from '../../../server/jobs/partnerRetries';
import type { FakePayment } from '../../../testkit/fakes/fakeServer';
import { startFakeMonnify, type FakeMonnify } from '../../../testkit/fakes/monnifyServer';
import { startFakePaystack, type FakePaystack } from '../../../testkit/fakes/paystackServer';
import { identityNumber, signUp, type SignedUp } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { eventually } from '../../support/api/eventually';
import { walletRowCounts } from '../../support/api/bank';
import { ManualClock } from '../../support/api/manualClock';
import { COOL_DOWN_MS, partnerOptions, RecordingLog, useListeningApp } from '../../support/api/partners';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';

type Fake = FakeMonnify | FakePaystack;

/**
 * Confirmation fails closed: a partner's record must name the account (or the customer) the
 * credit goes to — ours —, say it was a transfer into a dedicated account (not a card payment),
 * in NGN, for the webhook's amount, and paid; anything else is not credited and is recorded as
 * disputed. A status call that fails is kept and asked again by the partner job: a temporary
 * failure never becomes a permanent dispute. Each rule, for each real partner, through the app.
 */
describe.each(backends)('confirmation rules on $name', (backend) => {
  const log = new RecordingLog();
  const clock = new ManualClock();
  let monnify: FakeMonnify;
  let paystack: FakePaystack;
  let banks: BankPartner[];
  let owner: SignedUp;
  const accounts: Record<'monnify' | 'paystack', VirtualAccount> = {} as never;

  beforeAll(async () => {
    [monnify, paystack] = await Promise.all([startFakeMonnify(), startFakePaystack()]);
    banks = [
      new MonnifyBank(
        {
          baseUrl: monnify.url,
          apiKey: monnify.apiKey,
          secretKey: monnify.secretKey,
          contractCode: monnify.contractCode,
        },
        partnerOptions(log, clock),
      ),
      new PaystackBank({ baseUrl: paystack.url, secretKey: paystack.secretKey }, partnerOptions(log, clock)),
    ];
  });
  afterAll(() => Promise.all([monnify.close(), paystack.close()]));
  const t = useListeningApp(backend, () => ({ clock, banks }));
  beforeAll(async () => {
    monnify.webhookUrl = t.webhookUrl('monnify');
    paystack.webhookUrl = t.webhookUrl('paystack');
    owner = await signUp(t);
    const bankAccount = { bank_code: '058', bank_account_number: '0123456789' };
    const body = { bvn: identityNumber(), ...bankAccount, date_of_birth: SIMULATED_DATE_OF_BIRTH };
    await t.call('/api/funding/identity', { token: owner.token, body });
    await eventually(
      async () => (await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.accounts.length,
      (count) => count === 3,
    );
    const rows = await t.db
      .selectFrom('virtual_accounts')
      .select(['provider', 'account_number', 'bank_name'])
      .orderBy('id')
      .execute();
    accounts.monnify = {
      bank_name: 'Wema Bank',
      account_number: rows.find((row) => row.provider === 'monnify')!.account_number,
    };
    accounts.paystack = {
      bank_name: 'Wema Bank',
      account_number: rows.find((row) => row.provider === 'paystack')!.account_number,
    };
  });
  beforeEach(() => {
    monnify.misbehave({});
    paystack.misbehave({});
    // A breaker opened by an outage test closes once its cool-down is over.
    clock.advance(COOL_DOWN_MS);
  });

  const balance = async () =>
    (await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance;
  const partners = () =>
    [
      { name: 'monnify', fake: monnify as Fake },
      { name: 'paystack', fake: paystack as Fake },
    ] as const;

  it.each([
    [
      'names neither the account nor the customer the money went to',
      { paidTo: null },
      /names neither the account nor the customer/,
    ],
    [
      'is a card payment, not a transfer into a dedicated account',
      { channel: 'card' as const },
      /reports a card payment, not a transfer into a dedicated account/,
    ],
    ['is in another currency', { currency: 'USD' }, /in USD, not NGN/],
    ['is for another amount', { amountKobo: 10_001n }, /reports ₦100\.01 paid, the webhook ₦100\.00/],
    ['is not paid', { status: 'FAILED' }, /reports the payment as FAILED/],
  ] satisfies [string, FakePayment['recordAs'], RegExp][])(
    'a record that %s credits nothing and is disputed, on both partners',
    async (_case, recordAs, reason) => {
      for (const { name, fake } of partners()) {
        const before = await balance();
        const rows = await walletRowCounts(t);
        const paid = await fake.pay({ accountNumber: accounts[name].account_number, amountKobo: 10_000n, recordAs });
        expect(paid.webhook, name).toMatchObject({
          status: 200,
          body: { data: { status: 'disputed', reason: expect.stringMatching(reason) } },
        });
        expect(await balance(), name).toBe(before);
        expect(await walletRowCounts(t), name).toEqual(rows);
        expect(
          await t.db
            .selectFrom('disputed_transfers')
            .select('provider')
            .where('reference', '=', paid.reference)
            .executeTakeFirst(),
          name,
        ).toEqual({ provider: name });
      }
    },
  );

  it("a Monnify record naming another customer's reservation credits nothing", async () => {
    const paid = await monnify.pay({
      accountNumber: accounts.monnify.account_number,
      amountKobo: 10_000n,
      recordAs: { paidTo: 'user-424242' },
    });
    expect(paid.webhook).toMatchObject({
      status: 200,
      body: {
        data: {
          status: 'disputed',
          reason: expect.stringContaining('reports the payment into the accounts of user-424242'),
        },
      },
    });
  });

  it('a Paystack record naming another receiving account credits nothing', async () => {
    const paid = await paystack.pay({
      accountNumber: accounts.paystack.account_number,
      amountKobo: 10_000n,
      recordAs: { paidTo: '0000000019' },
    });
    expect(paid.webhook).toMatchObject({
      status: 200,
      body: { data: { status: 'disputed', reason: expect.stringContaining('into account 0000000019') } },
    });
  });

  it('a status call that fails is retried later, never disputed: the partner job credits it once the partner answers', async () => {
    for (const { name, fake } of partners()) {
      const before = await balance();
      fake.misbehave({ down: true });
      const paid = await fake.pay({ accountNumber: accounts[name].account_number, amountKobo: 25_000n });
      expect(paid.webhook?.status, name).toBe(503);
      const kept = await t.db
        .selectFrom('pending_confirmations')
        .selectAll()
        .where('reference', '=', paid.reference)
        .executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ provider: name, attempts: 0 });
      expect(
        await t.db.selectFrom('disputed_transfers').select('id').where('reference', '=', paid.reference).execute(),
        name,
      ).toEqual([]);
      fake.misbehave({});
      clock.advance(COOL_DOWN_MS);
      t.clock.advance(31_000);
      const job = await runPartnerRetries(t.ctx, { banks, cards: { bank: undefined, feeBearer: 'customer' } });
      expect(job.confirmations.settled, name).toBeGreaterThanOrEqual(1);
      expect(await balance(), name).toBe(before + 250);
      expect(
        await t.db.selectFrom('pending_confirmations').selectAll().where('reference', '=', paid.reference).execute(),
        name,
      ).toEqual([]);
      // The partner's own redelivery then finds it credited.
      const again = await fake.pay({
        accountNumber: accounts[name].account_number,
        amountKobo: 25_000n,
        reference: paid.reference,
      });
      expect(again.webhook, name).toMatchObject({ status: 200, body: { data: { status: 'duplicate' } } });
      expect(await balance(), name).toBe(before + 250);
    }
  });
});
