import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FundingStatus, UserData, VirtualAccount } from '../../../core/contract';
import { fundingMessages } from '../../../core/words/identity';
import type { BankPartner } from '../../../server/gateways/bankPartner';
import { PAYSTACK_NEEDS_BANK_ACCOUNT, PAYSTACK_NEEDS_BVN, PaystackBank } from '../../../server/gateways/paystackBank';
import { runPartnerRetries } from '../../../server/jobs/partnerRetries';
import { signHmacSha512 } from '../../../server/gateways/webhookSignature';
import { startFakePaystack, type FakePaystack } from '../../../testkit/fakes/paystackServer';
import { identityNumber, signUp, type SignedUp } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { eventually } from '../../support/api/eventually';
import { userIdOf, walletRowCounts } from '../../support/api/bank';
import { ManualClock } from '../../support/api/manualClock';
import {
  COOL_DOWN_MS,
  partnerOptions,
  RecordingLog,
  startListeningApp,
  timeOutAttempts,
  useListeningApp,
} from '../../support/api/partners';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';
import { english } from '../../support/api/english';

/**
 * The Paystack adapter against the fake Paystack (testkit/fakes/paystackServer.ts), through
 * the real app: a customer validated with a BVN and a bank account (answered by webhook), then a
 * dedicated account, on POST /api/funding/identity; charge.success at
 * /api/webhooks/paystack confirmed by /transaction/verify, and the documented failures.
 */
describe.each(backends)('Paystack on $name', (backend) => {
  let fake: FakePaystack;
  const log = new RecordingLog();
  const clock = new ManualClock();
  let owner: SignedUp;
  let accounts: VirtualAccount[];

  beforeAll(async () => {
    fake = await startFakePaystack();
  });
  afterAll(async () => {
    await fake.close();
    expect(log.text(), 'no key reaches a log line').not.toContain(fake.secretKey);
    expect(log.text(), 'nor the e-mail of a customer').not.toContain(owner.email);
  });
  const t = useListeningApp(backend, () => ({
    clock,
    banks: [new PaystackBank({ baseUrl: fake.url, secretKey: fake.secretKey }, partnerOptions(log, clock))],
  }));
  beforeAll(async () => {
    fake.webhookUrl = t.webhookUrl('paystack');
    owner = await signUp(t, { name: 'Amaka Grace Obi' });
    await verify(owner.token, withBank(identityNumber()));
    await paystackReady(owner.token);
    accounts = (await t.call<VirtualAccount[]>('/api/create-accounts', { token: owner.token })).body.data!;
  });
  beforeEach(() => {
    fake.misbehave({});
    // A breaker opened by an outage test closes once its cool-down is over.
    clock.advance(COOL_DOWN_MS);
  });

  // Every simulated holder was born on one date, typed with each number.
  const born = { date_of_birth: SIMULATED_DATE_OF_BIRTH };
  const withBank = (bvn: string) => ({ bvn: bvn, bank_code: '058', bank_account_number: '0123456789', ...born });
  const verify = (token: string, body: Record<string, string>) =>
    t.call<FundingStatus>('/api/funding/identity', { token, body: { ...body, ...born } });
  const status = async (token: string) => (await t.call<FundingStatus>('/api/funding', { token })).body.data!;
  /** Paystack's validation webhook handled: its account listed. */
  const paystackReady = (token: string) =>
    eventually(
      async () => (await status(token)).partners[0]?.status,
      (state) => state === 'ready',
    );
  /** The job's own view of the partner, as another replica would hold it. */
  const paystackOf = (): BankPartner =>
    new PaystackBank({ baseUrl: fake.url, secretKey: fake.secretKey }, partnerOptions(log, clock));

  const balance = async () =>
    (await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance;

  it('validates the customer with the BVN and their bank account, and creates a Wema Bank dedicated account once Paystack says so by webhook', async () => {
    expect(accounts).toEqual([
      {
        bank_name: 'Wema Bank',
        account_number: expect.stringMatching(/^\d{10}$/),
        account_name: 'NAIRAWALLET/AMAKA GRACE OBI',
      },
    ]);
    const customer = JSON.parse(fake.requests.find((request) => request.url === '/customer')!.body);
    expect(customer).toEqual({ email: owner.email, first_name: 'Amaka', last_name: 'Grace Obi', phone: owner.phone });
    const identification = fake.requests.find((request) => /^\/customer\/CUS_\w+\/identification$/.test(request.url))!;
    expect(JSON.parse(identification.body)).toEqual({
      country: 'NG',
      type: 'bank_account',
      bvn: expect.stringMatching(/^\d{11}$/),
      bank_code: '058',
      account_number: '0123456789',
      first_name: 'Amaka',
      last_name: 'Grace Obi',
    });
    expect(
      JSON.parse(
        fake.requests.find((request) => request.url === '/dedicated_account' && request.method === 'POST')!.body,
      ),
    ).toMatchObject({ preferred_bank: 'wema-bank' });
    const row = await t.db
      .selectFrom('virtual_accounts')
      .selectAll()
      .where('user_id', '=', await userIdOf(t, owner.email))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'paystack', bank_code: '035' });
    expect(fake.count('POST', '/dedicated_account')).toBe(1);
    expect(log.text(), 'no BVN in the log').not.toContain(JSON.parse(identification.body).bvn);
  });

  it('a NIN alone gets no Paystack account, and the screen says why', async () => {
    const reply = await verify((await signUp(t)).token, { nin: identityNumber() });
    expect(reply.body.data!.partners).toEqual([
      { partner: 'Paystack', status: 'skipped', message: PAYSTACK_NEEDS_BVN, needs: ['bvn', 'bank_account'] },
    ]);
    const bvnOnly = await verify((await signUp(t)).token, { bvn: identityNumber() });
    expect(bvnOnly.body.data!.partners[0]).toMatchObject({ status: 'skipped', message: PAYSTACK_NEEDS_BANK_ACCOUNT });
  });

  it('finds the account Paystack already assigned instead of asking for another', async () => {
    const user = await signUp(t);
    const paystack = new PaystackBank({ baseUrl: fake.url, secretKey: fake.secretKey }, partnerOptions(log, clock));
    const customer = { reference: 'ignored', name: user.name, email: user.email, phone: user.phone };
    const asked = await paystack.enrol(customer, {
      bvn: identityNumber(),
      bankAccount: { bankCode: '058', accountNumber: '0123456789' },
    });
    expect(asked.status).toBe('waiting');
    await expect.poll(async () => (await paystack.resume(customer, null)).status).toBe('ready');
    const earlier = await paystack.resume(customer, null);
    const creates = fake.count('POST', '/dedicated_account');
    const reply = await verify(user.token, withBank(identityNumber()));
    expect(reply.body.data!.accounts.map((account) => account.account_number)).toEqual(
      earlier.status === 'ready' ? [earlier.accounts[0].accountNumber] : [],
    );
    expect(fake.count('POST', '/dedicated_account')).toBe(creates);
  });

  it('carries a validation on when its webhook is lost: the partner job asks Paystack about the customer', async () => {
    const user = await signUp(t);
    fake.identificationWebhooks = 'held';
    try {
      const reply = await verify(user.token, withBank(identityNumber()));
      expect(reply.body.data!.partners[0]).toMatchObject({
        status: 'creating',
        message: english(fundingMessages.beingCreated, { partner: 'Paystack' }),
      });
      // Paystack validates, but its webhook never arrives.
      const webhookUrl = fake.webhookUrl;
      fake.webhookUrl = 'http://127.0.0.1:9/lost';
      await fake.releaseIdentifications();
      fake.webhookUrl = webhookUrl;
    } finally {
      fake.identificationWebhooks = 'immediate';
    }
    expect(
      (await runPartnerRetries(t.ctx, { banks: [paystackOf()], cards: { bank: undefined, feeBearer: 'customer' } }))
        .enrolments,
      'not due yet',
    ).toBe(0);
    t.clock.advance(31_000);
    expect(
      (await runPartnerRetries(t.ctx, { banks: [paystackOf()], cards: { bank: undefined, feeBearer: 'customer' } }))
        .enrolments,
    ).toBe(1);
    expect((await status(user.token)).partners[0].status).toBe('ready');
  });

  it('acknowledges a signed customer event about a customer it does not know, and ignores it', async () => {
    const body = JSON.stringify({
      event: 'customeridentification.success',
      data: {
        customer_id: 1,
        customer_code: 'CUS_unknown000000',
        email: 'nobody@example.com',
        identification: { country: 'NG', type: 'bank_account' },
      },
    });
    const response = await fetch(t.webhookUrl('paystack'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signHmacSha512(fake.secretKey, body) },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { status: 'customer', enrolment: 'unknown-customer' } });
  });

  it('credits a verified charge.success once; a repeat is a duplicate', async () => {
    const before = await balance();
    const paid = await fake.pay({
      accountNumber: accounts[0].account_number,
      amountKobo: 1_234_500n,
      senderName: 'Tunde Bakare',
      senderBank: 'Access Bank',
    });
    expect(paid.webhook).toMatchObject({
      status: 200,
      body: { data: { status: 'credited', reference: paid.reference } },
    });
    expect(fake.count('GET', `/transaction/verify/${paid.reference}`)).toBe(1);
    expect(await balance()).toBe(before + 12_345);
    const rows = await walletRowCounts(t);
    const again = await fake.pay({
      accountNumber: accounts[0].account_number,
      amountKobo: 1_234_500n,
      reference: paid.reference,
    });
    expect(again.webhook).toMatchObject({ status: 200, body: { data: { status: 'duplicate' } } });
    expect(await walletRowCounts(t)).toEqual(rows);
  });

  it('refuses a body signed with another key (401)', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: {} });
    const response = await fetch(t.webhookUrl('paystack'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': signHmacSha512('sk_test_someone_else_entirely', body),
      },
      body,
    });
    expect(response.status).toBe(401);
  });

  it.each([
    ['another amount', { amountKobo: 99_900n }],
    ['an abandoned charge', { status: 'abandoned' }],
  ])('does not credit a charge that verify contradicts (%s)', async (_name, recordAs) => {
    const before = await balance();
    const paid = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 50_000n, recordAs });
    expect(paid.webhook).toMatchObject({ status: 200, body: { data: { status: 'disputed' } } });
    expect(await balance()).toBe(before);
    expect(
      await t.db
        .selectFrom('disputed_transfers')
        .select('provider')
        .where('reference', '=', paid.reference)
        .executeTakeFirst(),
    ).toEqual({ provider: 'paystack' });
  });

  it('answers 503 while verify does not know the reference, or Paystack is down, silent or malformed; credits once it answers', async () => {
    const rows = await walletRowCounts(t);
    expect(
      (await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n, recordAs: 'missing' })).webhook
        ?.status,
    ).toBe(503);
    fake.misbehave({ malformed: true });
    const paid = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n });
    expect(paid.webhook?.status).toBe(503);
    // Silent: each attempt of verify is held until the clock passes its timeout.
    fake.misbehave({});
    fake.holdAnswers();
    const redelivered = fake.pay({
      accountNumber: accounts[0].account_number,
      amountKobo: 30_000n,
      reference: paid.reference,
    });
    await timeOutAttempts(fake, clock);
    expect((await redelivered).webhook?.status).toBe(503);
    fake.releaseAnswers();
    fake.misbehave({ down: true });
    expect(
      (await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n, reference: paid.reference }))
        .webhook?.status,
    ).toBe(503);
    expect(await walletRowCounts(t)).toEqual(rows);
    fake.misbehave({});
    clock.advance(COOL_DOWN_MS);
    expect(
      (await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n, reference: paid.reference }))
        .webhook,
    ).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
  });

  it('keeps the identity while Paystack is down or refuses the key, and asks for the number again', async () => {
    fake.misbehave({ down: true });
    const down = await verify((await signUp(t)).token, withBank(identityNumber()));
    expect(down.status).toBe(200);
    expect(down.body.data!.partners[0]).toMatchObject({
      status: 'needs-identity',
      message: english(fundingMessages.partnerDown, { partner: 'Paystack' }),
    });
    fake.misbehave({});
    clock.advance(COOL_DOWN_MS);
    const wrong = await startListeningApp(backend, [
      new PaystackBank({ baseUrl: fake.url, secretKey: 'sk_test_wrongwrongwrongwrong' }, partnerOptions(log, clock)),
    ]);
    try {
      const reply = await wrong.call<FundingStatus>('/api/funding/identity', {
        token: (await signUp(wrong)).token,
        body: withBank(identityNumber()),
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data!.partners[0].status).toBe('needs-identity');
      expect(log.text()).toContain('check PAYSTACK_SECRET_KEY');
    } finally {
      await wrong.close();
    }
  });
});
