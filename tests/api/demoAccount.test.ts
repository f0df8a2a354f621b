import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, UserData } from '../../src/api/contract';
import { buildApp } from '../../server/app';
import { DEMO_ACCOUNT } from '../../server/db/demoAccount';
import type { DatabaseHandle } from '../../server/db/database';
import { testConfig } from './support/app';
import { backends } from './support/backends';

describe.each(backends)('the demo account on $name', (backend) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(() => database.close());

  const start = () => buildApp(testConfig(), { db: database.db, seedDemoAccount: true });

  it('is created on first start: verified, with its pin, welcomed', async () => {
    const app = await start();
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { device: 'web', email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password } });
      expect(login.statusCode).toBe(200);
      const user = login.json<{ data: UserData }>().data;
      expect(user).toMatchObject({ name: 'Ada Obi', phone: '08031234567', pin: '2580', wallet_balance: 0, email_verified_at: expect.any(String) });
      const notifications = await app.inject({ method: 'GET', url: '/api/fetch-notifications', headers: { authorization: `Bearer ${user.token}` } });
      expect(notifications.json<{ data: Notification[] }>().data.map((n) => n.title)).toEqual(['Welcome to Naira Wallet']);
    } finally {
      await app.close();
    }
  });

  it('is never created twice', async () => {
    await (await start()).close();
    const count = await database.db.selectFrom('users').select((eb) => eb.fn.countAll<bigint>().as('n')).where('email', '=', DEMO_ACCOUNT.email).executeTakeFirstOrThrow();
    expect(count.n).toBe(1n);
  });
});
