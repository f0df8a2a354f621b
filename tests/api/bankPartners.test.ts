import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData, VirtualAccount } from '../../core/contract';
import { loadConfig } from '../../server/config';
import type { BankPartner } from '../../server/gateways/bankPartner';
import { MonnifyBank } from '../../server/gateways/monnifyBank';
import { PaystackBank } from '../../server/gateways/paystackBank';
import { SimulatedBank } from '../../server/gateways/simulatedBank';
import { startFakeMonnify, type FakeMonnify } from '../support/fakes/monnifyServer';
import { startFakePaystack, type FakePaystack } from '../support/fakes/paystackServer';
import { signUp } from './support/accounts';
import { testConfig } from './support/app';
import { backends } from './support/backends';
import { devTransfer, userIdOf } from './support/bank';
import { auditLedgerAfterEach } from './support/ledger';
import { partnerOptions, RecordingLog, sleep, startListeningApp } from './support/partners';

/**
 * Several partners at once (BANK_PARTNERS): a user holds accounts of each; one partner down
 * leaves the others working; a partner switched off keeps its accounts in the database but no
 * longer lists them, and funding goes on through the others. Also POST /dev/bank/transfer into
 * a real partner's account, through that partner's fake.
 */
describe.each(backends)('several bank partners on $name', (backend) => {
  let monnifyFake: FakeMonnify;
  let paystackFake: FakePaystack;
  const log = new RecordingLog();
  let partners: { simulated: BankPartner; monnify: BankPartner; paystack: BankPartner };
  let database: Awaited<ReturnType<typeof backend.open>>;
  /** Apps on one database, as the server restarted with another BANK_PARTNERS. */
  const apps: Awaited<ReturnType<typeof startListeningApp>>[] = [];

  beforeAll(async () => {
    [monnifyFake, paystackFake] = await Promise.all([startFakeMonnify(), startFakePaystack()]);
    partners = {
      simulated: new SimulatedBank({ webhookSecret: testConfig().bankWebhookSecret }),
      monnify: new MonnifyBank({ baseUrl: monnifyFake.url, apiKey: monnifyFake.apiKey, secretKey: monnifyFake.secretKey, contractCode: monnifyFake.contractCode }, partnerOptions(log)),
      paystack: new PaystackBank({ baseUrl: paystackFake.url, secretKey: paystackFake.secretKey }, partnerOptions(log)),
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
    const app = await startListeningApp(backend, names.map((name) => partners[name]), { database: { ...database, close: async () => {} } });
    apps.push(app);
    monnifyFake.webhookUrl = app.webhookUrl('monnify');
    paystackFake.webhookUrl = app.webhookUrl('paystack');
    return app;
  }

  it('gives a user accounts of every live partner, each asked once, and funds through each', async () => {
    const t = await appWith('simulated', 'monnify', 'paystack');
    const user = await signUp(t);
    const replies = await Promise.all(Array.from({ length: 6 }, () => t.call<VirtualAccount[]>('/api/create-accounts', { token: user.token })));
    expect(new Set(replies.map((reply) => JSON.stringify(reply.body.data))).size).toBe(1);
    const rows = await t.db.selectFrom('virtual_accounts').select(['provider', 'bank_name', 'account_number']).where('user_id', '=', await userIdOf(t, user.email)).orderBy('id').execute();
    expect(rows.map((row) => row.provider).sort()).toEqual(['monnify', 'monnify', 'paystack', 'simulated', 'simulated']);
    expect(replies[0].body.data).toHaveLength(5);
    const reference = `user-${await userIdOf(t, user.email)}`;
    expect(monnifyFake.requests.filter((request) => request.url === '/api/v2/bank-transfer/reserved-accounts' && request.body.includes(`"${reference}"`))).toHaveLength(1);
    expect(paystackFake.count('POST', '/dedicated_account')).toBe(1);

    // Development transfers reach each partner: the simulated one signs itself, the real ones' fakes pay.
    for (const row of rows) {
      const reply = await devTransfer(t, { account_number: row.account_number, amount: 100 });
      expect(reply, row.provider).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
    }
    expect((await t.call<UserData>('/api/get-user', { token: user.token })).body.data!.wallet_balance).toBe(500);
  });

  it('answers the accounts of the partners that answer while one is down', async () => {
    const t = apps.at(-1)!;
    monnifyFake.misbehave({ down: true });
    try {
      const user = await signUp(t);
      const reply = await t.call<VirtualAccount[]>('/api/create-accounts', { token: user.token });
      expect(reply.status).toBe(200);
      const providers = await t.db.selectFrom('virtual_accounts').select('provider').where('user_id', '=', await userIdOf(t, user.email)).execute();
      expect(providers.map((row) => row.provider).sort()).toEqual(['paystack', 'simulated', 'simulated']);
    } finally {
      monnifyFake.misbehave({});
      await sleep(350);
    }
  });

  it('lists only the live partners\' accounts once one is switched off, keeps the others in the database, and funds through the rest', async () => {
    const before = await appWith('simulated', 'monnify', 'paystack');
    const user = await signUp(before);
    const all = (await before.call<VirtualAccount[]>('/api/create-accounts', { token: user.token })).body.data!;
    expect(all).toHaveLength(5);

    const after = await appWith('paystack');
    const listed = (await after.call<UserData>('/api/get-user', { token: user.token })).body.data!.accounts;
    expect(listed).toEqual([{ bank_name: 'Wema Bank', account_number: expect.stringMatching(/^\d{10}$/) }]);
    expect((await after.call<VirtualAccount[]>('/api/create-accounts', { token: user.token })).body.data).toEqual(listed);
    expect(await after.db.selectFrom('virtual_accounts').select('id').where('user_id', '=', await userIdOf(after, user.email)).execute(), 'kept').toHaveLength(5);

    const paid = await paystackFake.pay({ accountNumber: listed[0].account_number, amountKobo: 20_000n });
    expect(paid.webhook).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
    // The switched-off partners' webhooks are no longer served.
    expect((await fetch(after.webhookUrl('monnify'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(404);
    const monnifyAccount = all.find((account) => !listed.some((live) => live.account_number === account.account_number) && account.bank_name === 'Sterling Bank')!;
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
      monnify: { baseUrl: 'https://sandbox.monnify.com', apiKey: 'MK_TEST_X', secretKey: 'a-secret-of-sixteen+', contractCode: '1234567890' },
      paystack: { baseUrl: 'https://api.paystack.co', secretKey: 'sk_test_abcdefghijklmnop' },
    });
  });

  it('refuses a listed partner without its keys, an unknown partner, and a malformed key', () => {
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'monnify' })).toThrow(/MONNIFY_API_KEY must be set: BANK_PARTNERS lists monnify[\s\S]*MONNIFY_SECRET_KEY must be set[\s\S]*MONNIFY_CONTRACT_CODE must be set/);
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'paystack' })).toThrow(/PAYSTACK_SECRET_KEY must be set: BANK_PARTNERS lists paystack/);
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'simulated,flutterwave' })).toThrow(/BANK_PARTNERS must be a comma list of simulated, monnify, paystack; not understood: flutterwave/);
    expect(() => loadConfig({ ...base, BANK_PARTNERS: 'paystack', PAYSTACK_SECRET_KEY: 'pk_live_public' })).toThrow(/PAYSTACK_SECRET_KEY must be a Paystack secret key/);
  });
});
