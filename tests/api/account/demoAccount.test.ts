import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Paginated, Transaction, UserData } from '../../../core/contract';
import { buildServer } from '../../../server/server';
import { DEMO_ACCOUNT, DEMO_IDENTITY } from '../../../server/db/demoAccount';
import type { DatabaseHandle } from '../../../server/db/database';
import { MonnifyBank } from '../../../server/gateways/monnifyBank';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { isValidNuban } from '../../../server/services/funding/nuban';
import { startFakeMonnify, type FakeMonnify } from '../../../testkit/fakes/monnifyServer';
import { testConfig } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { systemClock } from '../../../server/clock';
import { partnerOptions, RecordingLog } from '../../support/api/partners';
import { scanResponsesForPins } from '../../support/api/pinScan';

describe.each(backends)('the demo account on $name', (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(() => database.close());

  const start = async () => (await buildServer(testConfig(), { db: database.db, seedDemoAccount: true })).app;

  it('is created on first start: verified (e-mail, BVN and NIN), with its pin, dedicated accounts and ₦25,000.00 funded by three transfers', async () => {
    const app = await start();
    const pinScan = scanResponsesForPins(app);
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { device: 'web', email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      expect(login.statusCode).toBe(200);
      const user = login.json<{ data: UserData }>().data;
      expect(user).toMatchObject({
        name: 'Ada Obi',
        phone: '08031234567',
        pin: 'set',
        wallet_balance: 25_000,
        email_verified_at: expect.any(String),
        limits: { tier: 2, can_fund: true },
      });
      expect(user.bvn).toBe(`•••••••${DEMO_IDENTITY.bvn.slice(-4)}`);
      expect(user.accounts.map((a) => a.bank_name)).toEqual(['Wema Bank', 'Sterling Bank']);
      const rows = await database.db.selectFrom('virtual_accounts').select(['bank_code', 'account_number']).execute();
      for (const row of rows) expect(isValidNuban(row.bank_code, row.account_number)).toBe(true);

      const headers = { authorization: `Bearer ${user.token}` };
      const notifications = await app.inject({ method: 'GET', url: '/api/fetch-notifications', headers });
      const titles = notifications.json<{ data: Notification[] }>().data.map((n) => n.title);
      expect(titles).toEqual([
        'Wallet funded',
        'Wallet funded',
        'Wallet funded',
        'Upgraded to tier 2',
        'Welcome to Naira Wallet',
      ]);
      const transactions = await app.inject({
        method: 'POST',
        url: '/api/fetch-transactions',
        headers,
        payload: { pagination: 10, page: 1 },
      });
      const list = transactions.json<{ data: Paginated<Transaction> }>().data.data;
      expect(list.map((tx) => [tx.category, tx.status, tx.amount])).toEqual([
        ['funding', 'completed', 2_500],
        ['funding', 'completed', 7_500],
        ['funding', 'completed', 15_000],
      ]);
      // Its pin is the README's: a purchase with it goes through.
      const mtn = await database.db
        .selectFrom('providers')
        .select('id')
        .where('category', '=', 'airtime')
        .where('name', '=', 'MTN')
        .executeTakeFirstOrThrow();
      const airtime = await app.inject({
        method: 'POST',
        url: '/api/airtime',
        headers: { ...headers, 'idempotency-key': 'demo-pin-check' },
        payload: { provider_id: mtn.id, beneficiary: '08031234567', amount: 100, pin: DEMO_ACCOUNT.pin },
      });
      expect(airtime.statusCode, airtime.body).toBe(200);
      expect(await auditLedger(database.db)).toEqual([]);
      pinScan.assertClean();
    } finally {
      await app.close();
    }
  });

  it('is never created twice', async () => {
    await (await start()).close();
    const count = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('email', '=', DEMO_ACCOUNT.email)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1n);
  });
});

/**
 * A partner that refuses the demo account's identity (as Monnify refuses a number it cannot
 * match) never stops a start: the server serves, the demo account is there and verified, waiting
 * for its accounts, and a later try (the demo job, or the next start) completes it once the
 * partner accepts. A partner that is down: partnerDownStart.test.ts.
 */
describe.each(backends)('the demo account when its partner refuses, on $name', (backend) => {
  let database: DatabaseHandle;
  let monnify: FakeMonnify;
  beforeAll(async () => {
    [database, monnify] = await Promise.all([backend.open(), startFakeMonnify()]);
  });
  afterAll(() => Promise.all([database.close(), monnify.close()]));

  const start = async () =>
    (
      await buildServer(testConfig(), {
        db: database.db,
        seedDemoAccount: true,
        banks: [
          new MonnifyBank(
            {
              baseUrl: monnify.url,
              apiKey: monnify.apiKey,
              secretKey: monnify.secretKey,
              contractCode: monnify.contractCode,
            },
            partnerOptions(new RecordingLog(), systemClock),
          ),
        ],
      })
    ).app;
  const demo = async (app: Awaited<ReturnType<typeof start>>) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { device: 'web', email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    expect(login.statusCode).toBe(200);
    return login.json<{ data: UserData }>().data;
  };

  it('starts and serves, the demo account verified and waiting; the next try completes it once Monnify accepts', async () => {
    monnify.invalidNumbers.add(DEMO_IDENTITY.bvn).add(DEMO_IDENTITY.nin);
    const refused = await start();
    try {
      expect(await demo(refused)).toMatchObject({
        accounts: [],
        wallet_balance: 0,
        limits: { tier: 2, can_fund: true },
      });
      expect((await refused.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await refused.close();
    }

    monnify.invalidNumbers.clear();
    const accepted = await start();
    try {
      const user = await demo(accepted);
      expect(user.accounts.map((account) => account.bank_name)).toEqual(['Wema Bank', 'Sterling Bank']);
      expect(user.wallet_balance).toBe(25_000);
      expect(await auditLedger(database.db)).toEqual([]);
    } finally {
      await accepted.close();
    }
  });
});
