import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserData, VirtualAccount } from '../../core/contract';
import { PaystackBank } from '../../server/gateways/paystackBank';
import { signHmacSha512 } from '../../server/gateways/webhookSignature';
import { startFakePaystack, type FakePaystack } from '../support/fakes/paystackServer';
import { signUp, type SignedUp } from './support/accounts';
import type { TestApp } from './support/app';
import { backends } from './support/backends';
import { userIdOf, walletRowCounts } from './support/bank';
import { auditLedgerAfterEach } from './support/ledger';
import { partnerOptions, RecordingLog, sleep, startListeningApp } from './support/partners';

/**
 * The Paystack adapter against the fake Paystack (tests/support/fakes/paystackServer.ts), through
 * the real app: a dedicated account on /api/create-accounts, charge.success at
 * /api/webhooks/paystack confirmed by /transaction/verify, and the documented failures.
 */
describe.each(backends)('Paystack on $name', (backend) => {
  let fake: FakePaystack;
  let log: RecordingLog;
  let t: TestApp & { webhookUrl(provider: string): string };
  let owner: SignedUp;
  let accounts: VirtualAccount[];

  beforeAll(async () => {
    fake = await startFakePaystack();
    log = new RecordingLog();
    t = await startListeningApp(backend, [new PaystackBank({ baseUrl: fake.url, secretKey: fake.secretKey }, partnerOptions(log))]);
    fake.webhookUrl = t.webhookUrl('paystack');
    owner = await signUp(t, { name: 'Amaka Grace Obi' });
    accounts = (await t.call<VirtualAccount[]>('/api/create-accounts', { token: owner.token })).body.data!;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    expect(log.text(), 'no key reaches a log line').not.toContain(fake.secretKey);
    expect(log.text(), 'nor the e-mail of a customer').not.toContain(owner.email);
  });
  beforeEach(async () => {
    fake.misbehave({});
    await sleep(350);
  });
  auditLedgerAfterEach(() => t);

  const balance = async () => (await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance;
  const create = (token: string) => t.call<VirtualAccount[]>('/api/create-accounts', { token });

  it('creates the customer and a Wema Bank dedicated account, once', async () => {
    expect(accounts).toEqual([{ bank_name: 'Wema Bank', account_number: expect.stringMatching(/^\d{10}$/) }]);
    const customer = JSON.parse(fake.requests.find((request) => request.url === '/customer')!.body);
    expect(customer).toEqual({ email: owner.email, first_name: 'Amaka', last_name: 'Grace Obi', phone: owner.phone });
    expect(JSON.parse(fake.requests.find((request) => request.url === '/dedicated_account' && request.method === 'POST')!.body)).toMatchObject({ preferred_bank: 'wema-bank' });
    const row = await t.db.selectFrom('virtual_accounts').selectAll().where('user_id', '=', await userIdOf(t, owner.email)).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'paystack', bank_code: '035' });
    const creates = fake.count('POST', '/dedicated_account');
    expect((await create(owner.token)).body.data).toEqual(accounts);
    expect(fake.count('POST', '/dedicated_account')).toBe(creates);
  });

  it('finds the account Paystack already assigned instead of asking for another', async () => {
    const user = await signUp(t);
    const paystack = new PaystackBank({ baseUrl: fake.url, secretKey: fake.secretKey }, partnerOptions(log));
    const [earlier] = await paystack.assignAccounts({ reference: 'ignored', name: user.name, email: user.email, phone: user.phone });
    const creates = fake.count('POST', '/dedicated_account');
    expect((await create(user.token)).body.data).toEqual([{ bank_name: 'Wema Bank', account_number: earlier.accountNumber }]);
    expect(fake.count('POST', '/dedicated_account')).toBe(creates);
  });

  it('credits a verified charge.success once; a repeat is a duplicate', async () => {
    const before = await balance();
    const paid = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 1_234_500n, senderName: 'Tunde Bakare', senderBank: 'Access Bank' });
    expect(paid.webhook).toMatchObject({ status: 200, body: { data: { status: 'credited', reference: paid.reference } } });
    expect(fake.count('GET', `/transaction/verify/${paid.reference}`)).toBe(1);
    expect(await balance()).toBe(before + 12_345);
    const rows = await walletRowCounts(t);
    const again = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 1_234_500n, reference: paid.reference });
    expect(again.webhook).toMatchObject({ status: 200, body: { data: { status: 'duplicate' } } });
    expect(await walletRowCounts(t)).toEqual(rows);
  });

  it('refuses a body signed with another key (401)', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: {} });
    const response = await fetch(t.webhookUrl('paystack'), { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signHmacSha512('sk_test_someone_else_entirely', body) }, body });
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
    expect(await t.db.selectFrom('disputed_transfers').select('provider').where('reference', '=', paid.reference).executeTakeFirst()).toEqual({ provider: 'paystack' });
  });

  it('answers 503 while verify does not know the reference, or Paystack is down, slow or malformed; credits once it answers', async () => {
    const rows = await walletRowCounts(t);
    expect((await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n, recordAs: 'missing' })).webhook?.status).toBe(503);
    fake.misbehave({ malformed: true });
    const paid = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n });
    expect(paid.webhook?.status).toBe(503);
    fake.misbehave({ delayMs: 1_000 });
    expect((await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n, reference: paid.reference })).webhook?.status).toBe(503);
    fake.misbehave({ down: true });
    expect((await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n, reference: paid.reference })).webhook?.status).toBe(503);
    expect(await walletRowCounts(t)).toEqual(rows);
    fake.misbehave({});
    await sleep(350);
    expect((await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 30_000n, reference: paid.reference })).webhook).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
  });

  it('answers a clear 502 on create-accounts while Paystack is down, or refuses the key', async () => {
    fake.misbehave({ down: true });
    expect(await create((await signUp(t)).token)).toMatchObject({ status: 502, body: { message: 'Paystack is not answering right now. Please try again in a few minutes.' } });
    fake.misbehave({});
    await sleep(350);
    const wrong = await startListeningApp(backend, [new PaystackBank({ baseUrl: fake.url, secretKey: 'sk_test_wrongwrongwrongwrong' }, partnerOptions(log))]);
    try {
      const reply = await wrong.call('/api/create-accounts', { token: (await signUp(wrong)).token });
      expect(reply).toMatchObject({ status: 502, body: { type: 'error', message: expect.stringContaining('Paystack could not complete the request') } });
      expect(log.text()).toContain('check PAYSTACK_SECRET_KEY');
    } finally {
      await wrong.close();
    }
  });
});
