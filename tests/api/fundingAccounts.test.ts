import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData, VirtualAccount } from '../../core/contract';
import type { AssignedAccount, BankCustomer } from '../../server/gateways/bankPartner';
import { SimulatedBank } from '../../server/gateways/simulatedBank';
import { isValidNuban } from '../../server/services/nuban';
import { signUp } from './support/accounts';
import { startTestApp, testConfig, type TestApp } from './support/app';
import { backends } from './support/backends';
import { userIdOf } from './support/bank';

/** The simulated partner, slowed down so that racing calls overlap inside the partner call. */
class SlowBank extends SimulatedBank {
  calls = 0;
  async assignAccounts(customer: BankCustomer): Promise<AssignedAccount[]> {
    this.calls += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    return super.assignAccounts(customer);
  }
}

describe.each(backends)('POST /api/create-accounts on $name', (backend) => {
  let t: TestApp;
  const bank = new SlowBank({ webhookSecret: testConfig().bankWebhookSecret });
  beforeAll(async () => {
    t = await startTestApp(backend, { bank });
  });
  afterAll(() => t.close());

  const create = (token: string) => t.call<VirtualAccount[]>('/api/create-accounts', { token });

  it('assigns a valid NUBAN at Wema Bank and Sterling Bank, then answers the same accounts', async () => {
    const account = await signUp(t);
    expect(account.user.accounts).toEqual([]);
    const first = await create(account.token);
    expect(first).toMatchObject({ status: 200, body: { type: 'success', message: 'accounts fetched successfully' } });
    const accounts = first.body.data!;
    expect(accounts.map((a) => a.bank_name)).toEqual(['Wema Bank', 'Sterling Bank']);
    expect(accounts.every((a) => Object.keys(a).sort().join() === 'account_number,bank_name')).toBe(true);
    const rows = await t.db.selectFrom('virtual_accounts').selectAll().where('user_id', '=', await userIdOf(t, account.email)).orderBy('id').execute();
    expect(rows.map((r) => [r.bank_code, r.provider])).toEqual([
      ['035', 'simulated'],
      ['232', 'simulated'],
    ]);
    for (const row of rows) expect(isValidNuban(row.bank_code, row.account_number), row.account_number).toBe(true);

    const calls = bank.calls;
    expect((await create(account.token)).body.data).toEqual(accounts);
    expect(bank.calls, 'the partner is not asked again').toBe(calls);
  });

  it('gives racing calls the same accounts, stored once', async () => {
    const account = await signUp(t);
    const calls = bank.calls;
    const replies = await Promise.all(Array.from({ length: 8 }, () => create(account.token)));
    for (const reply of replies) expect(reply.status).toBe(200);
    const answers = new Set(replies.map((reply) => JSON.stringify(reply.body.data)));
    expect(answers.size).toBe(1);
    expect(bank.calls - calls, 'the calls overlapped: several asked the partner').toBeGreaterThan(1);
    const stored = await t.db.selectFrom('virtual_accounts').select('account_number').where('user_id', '=', await userIdOf(t, account.email)).execute();
    expect(stored).toHaveLength(2);
    expect(JSON.parse([...answers][0]).map((a: VirtualAccount) => a.account_number).sort()).toEqual(stored.map((s) => s.account_number).sort());
  });

  it('gives different users different accounts', async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    const [first, second] = [(await create(a.token)).body.data!, (await create(b.token)).body.data!];
    const numbers = [...first, ...second].map((x) => x.account_number);
    expect(new Set(numbers).size).toBe(4);
  });

  it('lists the accounts in the user data of get-user and login', async () => {
    const account = await signUp(t);
    const accounts = (await create(account.token)).body.data!;
    const user = await t.call<UserData>('/api/get-user', { token: account.token });
    expect(user.body.data!.accounts).toEqual(accounts);
    const login = await t.call<UserData>('/api/login', { body: { device: 'web', email: account.email, password: account.password } });
    expect(login.body.data!.accounts).toEqual(accounts);
  });

  it('requires a session', async () => {
    expect((await t.call('/api/create-accounts')).status).toBe(401);
  });
});
