import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData, VirtualAccount } from '../../core/contract';
import type { AssignedAccount, BankCustomer } from '../../server/gateways/bankPartner';
import { GatewayError } from '../../server/errors';
import { SIMULATED_BANKS, SimulatedBank } from '../../server/gateways/simulatedBank';
import { isValidNuban, nuban } from '../../server/services/nuban';
import { signUp } from './support/accounts';
import { startTestApp, testConfig, type TestApp } from './support/app';
import { backends } from './support/backends';
import { userIdOf } from './support/bank';

/**
 * The simulated partner, slowed down so that racing calls overlap inside the partner call,
 * counting the requests it receives per customer and bank; it can be made to fail.
 */
class SlowBank extends SimulatedBank {
  calls = 0;
  /** `${customer reference} ${bank code}` → requests. */
  asked = new Map<string, number>();
  failing = false;
  async assignAccounts(customer: BankCustomer): Promise<AssignedAccount[]> {
    this.calls += 1;
    // A failing partner answers late (a timeout), long after every racing call is waiting.
    await new Promise((resolve) => setTimeout(resolve, this.failing ? 500 : 20));
    if (this.failing) throw new GatewayError('the bank partner is unavailable');
    const accounts = await super.assignAccounts(customer);
    for (const account of accounts) {
      const key = `${customer.reference} ${account.bankCode}`;
      this.asked.set(key, (this.asked.get(key) ?? 0) + 1);
    }
    return accounts;
  }
  askedFor(userId: bigint): Record<string, number> {
    return Object.fromEntries(SIMULATED_BANKS.map(({ bankCode }) => [bankCode, this.asked.get(`user-${userId} ${bankCode}`) ?? 0]));
  }
}

const POOL = 20;

describe.each(backends)('POST /api/create-accounts on $name', (backend) => {
  let t: TestApp;
  const bank = new SlowBank({ webhookSecret: testConfig().bankWebhookSecret });
  beforeAll(async () => {
    t = await startTestApp(backend, { bank, database: backend.name === 'postgres' ? await backend.open({ max: POOL }) : undefined });
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
    expect(bank.calls - calls, 'one request to the partner').toBe(1);
    const stored = await t.db.selectFrom('virtual_accounts').select('account_number').where('user_id', '=', await userIdOf(t, account.email)).execute();
    expect(stored).toHaveLength(2);
    expect(JSON.parse([...answers][0]).map((a: VirtualAccount) => a.account_number).sort()).toEqual(stored.map((s) => s.account_number).sort());
  });

  it(`50 concurrent calls for one user ask the partner once per bank, and all answer the same accounts (pool of ${POOL} on PostgreSQL)`, async () => {
    const account = await signUp(t);
    const userId = await userIdOf(t, account.email);
    const replies = await Promise.all(Array.from({ length: 50 }, () => create(account.token)));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(new Set(replies.map((reply) => JSON.stringify(reply.body.data))).size).toBe(1);
    expect(bank.askedFor(userId)).toEqual({ '035': 1, '232': 1 });
    const stored = await t.db.selectFrom('virtual_accounts').select('account_number').where('user_id', '=', userId).orderBy('id').execute();
    expect(replies[0].body.data!.map((a) => a.account_number)).toEqual(stored.map((s) => s.account_number));
    expect(await t.db.selectFrom('virtual_account_claims').selectAll().where('user_id', '=', userId).execute(), 'no claim left behind').toEqual([]);
  });

  it('a partner failure answers 502 to every waiting caller, leaves no claim, and the next call asks again', async () => {
    const account = await signUp(t);
    const userId = await userIdOf(t, account.email);
    const calls = bank.calls;
    bank.failing = true;
    try {
      const replies = await Promise.all(Array.from({ length: 10 }, () => create(account.token)));
      expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 502));
      const messages = replies.map((reply) => reply.body.message);
      expect(messages.filter((message) => message === 'the bank partner is unavailable'), 'the caller that asked').toHaveLength(1);
      expect(messages.filter((message) => message === 'we could not create your funding accounts right now, please try again later'), 'the callers that waited').toHaveLength(9);
      expect(bank.calls - calls, 'the waiting callers did not ask in turn').toBe(1);
    } finally {
      bank.failing = false;
    }
    expect(await t.db.selectFrom('virtual_account_claims').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
    expect((await create(account.token)).body.data).toHaveLength(2);
    expect(bank.askedFor(userId)).toEqual({ '035': 1, '232': 1 });
  });

  it("a caller waits for another replica's request to the partner and answers the accounts it stored", async () => {
    const account = await signUp(t);
    const userId = await userIdOf(t, account.email);
    await t.db.insertInto('virtual_account_claims').values({ user_id: userId, provider: bank.provider, claimed_at: t.clock.now() }).execute();
    const waiting = create(account.token);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The other replica stores what the partner assigned, then releases its claim.
    const number = nuban('035', '123456789');
    await t.db
      .insertInto('virtual_accounts')
      .values({ user_id: userId, provider: bank.provider, bank_name: 'Wema Bank', bank_code: '035', account_number: number, created_at: t.clock.now() })
      .execute();
    await t.db.deleteFrom('virtual_account_claims').where('user_id', '=', userId).execute();
    expect((await waiting).body.data).toEqual([{ bank_name: 'Wema Bank', account_number: number }]);
    expect(bank.askedFor(userId), 'this replica did not ask').toEqual({ '035': 0, '232': 0 });
  });

  it('takes over the claim of a caller that died mid-request once its lease is over', async () => {
    const account = await signUp(t);
    const userId = await userIdOf(t, account.email);
    await t.db.insertInto('virtual_account_claims').values({ user_id: userId, provider: bank.provider, claimed_at: t.clock.now() }).execute();
    t.clock.advance(2 * 60_000 + 1);
    expect((await create(account.token)).body.data).toHaveLength(2);
    expect(bank.askedFor(userId)).toEqual({ '035': 1, '232': 1 });
    expect(await t.db.selectFrom('virtual_account_claims').selectAll().where('user_id', '=', userId).execute()).toEqual([]);
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
