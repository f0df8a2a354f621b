import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingStatus, UserData, VirtualAccount } from '../../../core/contract';
import { fundingMessages } from '../../../core/words/identity';
import { loadConfig } from '../../../server/config';
import type { BankPartner } from '../../../server/gateways/bankPartner';
import { MonnifyBank } from '../../../server/gateways/monnifyBank';
import { PAYSTACK_NEEDS_BVN, PaystackBank } from '../../../server/gateways/paystackBank';
import { SimulatedBank } from '../../../server/gateways/simulatedBank';
import { startFakeMonnify, type FakeMonnify } from '../../../testkit/fakes/monnifyServer';
import { startFakePaystack, type FakePaystack } from '../../../testkit/fakes/paystackServer';
import { identityNumber, signUp } from '../../support/api/accounts';
import { testConfig, type TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { devTransfer, userIdOf } from '../../support/api/bank';
import { auditLedgerAfterEach } from '../../support/api/ledger';
import { ManualClock } from '../../support/api/manualClock';
import { COOL_DOWN_MS, partnerOptions, RecordingLog, startListeningApp } from '../../support/api/partners';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';
import { english } from '../../support/api/english';

/**
 * Several partners at once (BANK_PARTNERS), against fakes written from their documentation
 * (Monnify's V2 reserve requires a BVN or NIN; Paystack requires a validated customer, answered
 * by webhook): a user verified holds accounts of each; one partner down leaves the others working; a partner switched off keeps its accounts in the database but no
 * longer lists them, and funding goes on through the others. Also POST /dev/bank/transfer into
 * a real partner's account, through that partner's fake.
 */
describe.each(backends)('several bank partners on $name', (backend) => {
  let monnifyFake: FakeMonnify;
  let paystackFake: FakePaystack;
  const log = new RecordingLog();
  // The partners' breakers and every app read this clock: a test moves it past a cool-down.
  const clock = new ManualClock();
  let partners: { simulated: BankPartner; monnify: BankPartner; paystack: BankPartner };
  let database: Awaited<ReturnType<typeof backend.open>>;
  /** Apps on one database, as the server restarted with another BANK_PARTNERS: started by hand, each test starting the ones it needs. */
  const apps: Awaited<ReturnType<typeof startListeningApp>>[] = [];

  beforeAll(async () => {
    [monnifyFake, paystackFake] = await Promise.all([startFakeMonnify(), startFakePaystack()]);
    partners = {
      simulated: new SimulatedBank({ webhookSecret: testConfig().bankWebhookSecret }),
      monnify: new MonnifyBank(
        {
          baseUrl: monnifyFake.url,
          apiKey: monnifyFake.apiKey,
          secretKey: monnifyFake.secretKey,
          contractCode: monnifyFake.contractCode,
        },
        partnerOptions(log, clock),
      ),
      paystack: new PaystackBank(
        { baseUrl: paystackFake.url, secretKey: paystackFake.secretKey },
        partnerOptions(log, clock),
      ),
    };
    database = await backend.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
    await Promise.all([monnifyFake.close(), paystackFake.close()]);
  });
  auditLedgerAfterEach(() => apps.at(-1));

  /** The app with these partners, on the shared database, its webhooks where the fakes send them. */
  async function appWith(...names: (keyof typeof partners)[]) {
    const app = await startListeningApp(
      backend,
      names.map((name) => partners[name]),
      { clock, database: { ...database, close: async () => {} } },
    );
    apps.push(app);
    monnifyFake.webhookUrl = app.webhookUrl('monnify');
    paystackFake.webhookUrl = app.webhookUrl('paystack');
    return app;
  }

  /** The date of birth of every simulated holder, typed with each number. */
  const born = { date_of_birth: SIMULATED_DATE_OF_BIRTH };
  const ownAccount = { bank_code: '058', bank_account_number: '0123456789' };
  /** A BVN with the user's own bank account: every partner can open accounts with it. */
  const bvnWithBank = (bvn = identityNumber()) => ({ bvn: bvn, ...born, ...ownAccount });
  const funding = async (t: TestApp, token: string) =>
    (await t.call<FundingStatus>('/api/funding', { token })).body.data!;
  /** Waits for Paystack's validation webhook to have been handled: its account listed. */
  const paystackReady = (t: TestApp, token: string) =>
    expect
      .poll(async () => (await funding(t, token)).partners.find((partner) => partner.partner === 'Paystack')?.status)
      .toBe('ready');

  it("identity first: a BVN verified opens Monnify's accounts (the BVN sent to it) and Paystack's (after its validation webhook); a transfer into each is credited once", async () => {
    const t = await appWith('simulated', 'monnify', 'paystack');
    const user = await signUp(t, { name: 'Chioma Okafor' });
    expect((await t.call('/api/create-accounts', { token: user.token })).status).toBe(403);
    expect(
      monnifyFake.count('POST', '/api/v2/bank-transfer/reserved-accounts') + paystackFake.count('POST', '/customer'),
    ).toBe(0);

    const bvn = identityNumber();
    const verified = await t.call<FundingStatus>('/api/funding/identity', {
      token: user.token,
      body: bvnWithBank(bvn),
    });
    expect(verified.status, verified.body.message).toBe(200);
    const userId = await userIdOf(t, user.email);
    expect(monnifyFake.identityOf(`user-${userId}`), 'Monnify reserved with the BVN').toEqual({ bvn });
    expect(paystackFake.identificationsOf(user.email), 'Paystack validated the BVN with the bank account').toEqual([
      { bvn, bank_code: '058', account_number: '0123456789' },
    ]);
    await paystackReady(t, user.token);

    const { accounts } = await funding(t, user.token);
    expect(accounts.map((account) => account.bank_name)).toEqual([
      'Wema Bank',
      'Sterling Bank',
      'Wema Bank',
      'Sterling Bank',
      'Wema Bank',
    ]);
    // Monnify names the accounts after the identity holder.
    expect(accounts.filter((account) => account.account_name === 'CHIOMA OKAFOR')).toHaveLength(2);
    expect((await t.call<VirtualAccount[]>('/api/create-accounts', { token: user.token })).body.data).toEqual(accounts);
    expect(paystackFake.count('POST', '/dedicated_account')).toBe(1);

    // Development transfers reach each partner: the simulated one signs itself, the real ones' fakes pay; each reference once.
    for (const account of accounts) {
      const reference = `T${account.account_number}${Date.now()}`;
      expect(
        await devTransfer(t, { account_number: account.account_number, amount: 100, reference }),
        account.bank_name,
      ).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
      expect(await devTransfer(t, { account_number: account.account_number, amount: 100, reference })).toMatchObject({
        status: 200,
        body: { data: { status: 'duplicate' } },
      });
    }
    expect((await t.call<UserData>('/api/get-user', { token: user.token })).body.data!.wallet_balance).toBe(500);
  });

  it('with a NIN only, Paystack is skipped and the screen says why; Monnify reserves with the NIN', async () => {
    const t = apps.at(-1)!;
    const user = await signUp(t);
    const nin = identityNumber();
    const reply = await t.call<FundingStatus>('/api/funding/identity', { token: user.token, body: { nin, ...born } });
    expect(reply.body.data!.partners.find((partner) => partner.partner === 'Paystack')).toEqual({
      partner: 'Paystack',
      status: 'skipped',
      message: PAYSTACK_NEEDS_BVN,
      needs: ['bvn', 'bank_account'],
    });
    expect(monnifyFake.identityOf(`user-${await userIdOf(t, user.email)}`)).toEqual({ nin });
    expect(reply.body.data!.accounts).toHaveLength(4);
  });

  it('a validation Paystack refuses is told, with what to do; the BVN typed again with the right bank account opens the account', async () => {
    const t = apps.at(-1)!;
    const user = await signUp(t);
    const bvn = identityNumber();
    paystackFake.failingIdentities.add('0123456789');
    try {
      await t.call<FundingStatus>('/api/funding/identity', { token: user.token, body: bvnWithBank(bvn) });
      await expect
        .poll(
          async () => (await funding(t, user.token)).partners.find((partner) => partner.partner === 'Paystack')?.status,
        )
        .toBe('refused');
      const paystack = (await funding(t, user.token)).partners.find((partner) => partner.partner === 'Paystack')!;
      expect(paystack.message).toMatch(
        /^Paystack could not confirm your BVN with that bank account \(Account number or BVN is incorrect\)/,
      );
    } finally {
      paystackFake.failingIdentities.delete('0123456789');
    }
    const again = await t.call<FundingStatus>('/api/funding/identity', {
      token: user.token,
      body: { ...bvnWithBank(bvn), bank_account_number: '0987654321' },
    });
    expect(again.status).toBe(200);
    await paystackReady(t, user.token);
  });

  it('a partner that is down leaves the others working, and the number typed again once it is back opens its accounts', async () => {
    const t = apps.at(-1)!;
    const user = await signUp(t);
    const bvn = identityNumber();
    monnifyFake.misbehave({ down: true });
    try {
      const reply = await t.call<FundingStatus>('/api/funding/identity', { token: user.token, body: bvnWithBank(bvn) });
      expect(reply.status).toBe(200);
      expect(reply.body.data!.partners.find((partner) => partner.partner === 'Monnify')).toMatchObject({
        status: 'needs-identity',
        message: english(fundingMessages.partnerDown, { partner: 'Monnify' }),
      });
      await paystackReady(t, user.token);
      const providers = await t.db
        .selectFrom('virtual_accounts')
        .select('provider')
        .where('user_id', '=', await userIdOf(t, user.email))
        .execute();
      expect(providers.map((row) => row.provider).sort()).toEqual(['paystack', 'simulated', 'simulated']);
    } finally {
      monnifyFake.misbehave({});
      clock.advance(COOL_DOWN_MS);
    }
    const again = await t.call<FundingStatus>('/api/funding/identity', { token: user.token, body: { bvn, ...born } });
    expect(again.body.data!.partners.map((partner) => partner.status)).toEqual(['ready', 'ready', 'ready']);
    expect(again.body.data!.accounts).toHaveLength(5);
  });

  it("lists only the live partners' accounts once one is switched off, keeps the others in the database, and funds through the rest", async () => {
    const before = await appWith('simulated', 'monnify', 'paystack');
    const user = await signUp(before);
    await before.call<FundingStatus>('/api/funding/identity', { token: user.token, body: bvnWithBank() });
    await paystackReady(before, user.token);
    const all = (await before.call<VirtualAccount[]>('/api/create-accounts', { token: user.token })).body.data!;
    expect(all).toHaveLength(5);

    const after = await appWith('paystack');
    const listed = (await after.call<UserData>('/api/get-user', { token: user.token })).body.data!.accounts;
    expect(listed).toEqual([
      { bank_name: 'Wema Bank', account_number: expect.stringMatching(/^\d{10}$/), account_name: expect.any(String) },
    ]);
    expect((await after.call<VirtualAccount[]>('/api/create-accounts', { token: user.token })).body.data).toEqual(
      listed,
    );
    expect(
      await after.db
        .selectFrom('virtual_accounts')
        .select('id')
        .where('user_id', '=', await userIdOf(after, user.email))
        .execute(),
      'kept',
    ).toHaveLength(5);

    const paid = await paystackFake.pay({ accountNumber: listed[0].account_number, amountKobo: 20_000n });
    expect(paid.webhook).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
    // The switched-off partners' webhooks are no longer served.
    expect(
      (
        await fetch(after.webhookUrl('monnify'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(404);
    const monnifyAccount = all.find(
      (account) =>
        !listed.some((live) => live.account_number === account.account_number) && account.bank_name === 'Sterling Bank',
    )!;
    expect((await devTransfer(after, { account_number: monnifyAccount.account_number, amount: 50 })).status).toBe(404);
  });
});

describe('BANK_PARTNERS', () => {
  const base = { APP_MODE: 'development' };
  it('defaults to the simulated partner and reads a comma list', () => {
    expect(loadConfig(base).config.bankPartners).toEqual({ names: ['simulated'] });
    const { config } = loadConfig({
      ...base,
      BANK_PARTNERS: 'monnify, paystack',
      MONNIFY_API_KEY: 'MK_TEST_X',
      MONNIFY_SECRET_KEY: 'a-secret-of-sixteen+',
      MONNIFY_CONTRACT_CODE: '1234567890',
      PAYSTACK_SECRET_KEY: 'sk_test_abcdefghijklmnop',
    });
    expect(config.bankPartners).toEqual({
      names: ['monnify', 'paystack'],
      monnify: {
        baseUrl: 'https://sandbox.monnify.com',
        apiKey: 'MK_TEST_X',
        secretKey: 'a-secret-of-sixteen+',
        contractCode: '1234567890',
      },
      paystack: { baseUrl: 'https://api.paystack.co', secretKey: 'sk_test_abcdefghijklmnop' },
    });
  });

  it('refuses a listed partner without its keys, an unknown partner, and a malformed key', () => {
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'monnify' })).toThrow(
      /MONNIFY_API_KEY must be set: BANK_PARTNERS lists monnify[\s\S]*MONNIFY_SECRET_KEY must be set[\s\S]*MONNIFY_CONTRACT_CODE must be set/,
    );
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'paystack' })).toThrow(
      /PAYSTACK_SECRET_KEY must be set: BANK_PARTNERS lists paystack/,
    );
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'simulated,flutterwave' })).toThrow(
      /BANK_PARTNERS must be a comma list of simulated, monnify, paystack; not understood: flutterwave/,
    );
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'paystack', PAYSTACK_SECRET_KEY: 'pk_live_public' })).toThrow(
      /PAYSTACK_SECRET_KEY must be a Paystack secret key/,
    );
  });
});
