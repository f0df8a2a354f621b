import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingStatus, Notification, UserData } from '../../../core/contract';
import { openEmbeddedDatabase, type DatabaseHandle } from '../../../server/db/database';
import { migrate, readMigrations } from '../../../server/db/migrate';
import { nuban } from '../../../server/services/funding/nuban';
import { hashPassword } from '../../../server/services/account/passwords';
import { createTokenHasher } from '../../../server/services/account/tokens';
import { identityNumber } from '../../support/api/accounts';
import { startTestApp, testConfig, type TestApp } from '../../support/api/app';
import type { Backend } from '../../support/api/backends';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';

/**
 * Identity first, for the users who were there before it: the migration takes nothing away. A
 * holder with money and account numbers but no verified identity keeps both, is told to verify,
 * and, once a number is verified, gets the same account numbers back; a holder already verified
 * keeps the accounts listed, their partner counted as having them.
 */
describe('identity first, for users who hold money and accounts from before (migration 025)', () => {
  const PASSWORD = 'Legacy-Wallet-2026';
  const before = {
    unverified: [nuban('035', '100000001'), nuban('232', '100000001')],
    verified: [nuban('035', '100000002'), nuban('232', '100000002')],
  };
  let handle: DatabaseHandle;
  // Started by hand, without useTestApp's ledger audit: these users' balances are planted in the
  // wallet rows alone, as a wallet from before would hold them, which the audit would refuse.
  let t: TestApp;

  beforeAll(async () => {
    handle = await openEmbeddedDatabase();
    const migrations = await readMigrations();
    await migrate(
      handle.db,
      migrations.filter((migration) => migration.version < 25),
    );
    const passwordHash = await hashPassword(PASSWORD);
    const hash = createTokenHasher(testConfig().tokenKey);
    const now = new Date();
    for (const [who, verified] of [
      ['unverified', false],
      ['verified', true],
    ] as const) {
      const user = await handle.db
        .insertInto('users')
        .values({
          name: 'Chioma Okafor',
          email: `${who}@example.com`,
          phone: '08031234567',
          password_hash: passwordHash,
          email_verified_at: now,
          created_at: now,
          ...(verified ? { nin_verified_at: now, nin_last4: '4321', nin_hash: hash('nin:70000004321') } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The balance is the wallet row's cache: the ledger is not what this test is about.
      await handle.db
        .insertInto('wallets')
        .values({ user_id: user.id, balance_kobo: 1_500_000n, created_at: now })
        .execute();
      await handle.db
        .insertInto('virtual_accounts')
        .values([
          {
            user_id: user.id,
            provider: 'simulated',
            bank_name: 'Wema Bank',
            bank_code: '035',
            account_number: before[who][0],
            created_at: now,
          },
          {
            user_id: user.id,
            provider: 'simulated',
            bank_name: 'Sterling Bank',
            bank_code: '232',
            account_number: before[who][1],
            created_at: now,
          },
        ])
        .execute();
    }
    await migrate(handle.db, migrations);
    t = await startTestApp({ name: 'pglite', open: () => Promise.resolve(handle) } satisfies Backend, {
      database: handle,
    });
  });
  afterAll(() => t.close());

  const logIn = async (email: string) => {
    const reply = await t.call<UserData>('/api/login', { body: { device: 'web', email, password: PASSWORD } });
    expect(reply.status, reply.body.message).toBe(200);
    return reply.body.data!;
  };
  const titles = async (token: string) =>
    (await t.call<Notification[]>('/api/fetch-notifications', { method: 'GET', token })).body.data!.map((n) => n.title);

  it('keeps the unverified holder’s money and accounts, asks them to verify, and lists the same numbers once a NIN is verified', async () => {
    const user = await logIn('unverified@example.com');
    expect(user).toMatchObject({ wallet_balance: 15_000, accounts: [], limits: { tier: 0, can_fund: false } });
    expect(await titles(user.token)).toContain('Verify your BVN or NIN');
    const rows = await t.db.selectFrom('virtual_accounts').select('account_number').orderBy('id').execute();
    expect(rows.map((row) => row.account_number)).toEqual([...before.unverified, ...before.verified]);

    const body = { nin: identityNumber(), date_of_birth: SIMULATED_DATE_OF_BIRTH };
    const verified = await t.call<FundingStatus>('/api/funding/identity', { token: user.token, body });
    expect(verified.status, verified.body.message).toBe(200);
    expect(verified.body.data!.accounts.map((account) => account.account_number)).toEqual(before.unverified);
    expect((await logIn('unverified@example.com')).limits).toMatchObject({ tier: 1, can_fund: true });
  });

  it('keeps the verified holder’s accounts listed, their partner counted as having them, and asks nothing', async () => {
    const user = await logIn('verified@example.com');
    expect(user.wallet_balance).toBe(15_000);
    expect(user.accounts.map((account) => account.account_number)).toEqual(before.verified);
    expect(await titles(user.token)).not.toContain('Verify your BVN or NIN');
    const enrolments = await t.db
      .selectFrom('partner_enrolments')
      .innerJoin('users', 'users.id', 'partner_enrolments.user_id')
      .select(['users.email', 'status'])
      .execute();
    expect(enrolments).toContainEqual({ email: 'verified@example.com', status: 'ready' });
  });
});
