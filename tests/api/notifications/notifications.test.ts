import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../core/contract';
import { signUp, signUpVerified } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

describe.each(backends)('notifications on $name', (backend) => {
  const t = useTestApp(backend);

  const list = (token: string, method: 'GET' | 'POST' = 'POST') =>
    t.call<Notification[]>('/api/fetch-notifications', { token, method });
  const mark = (token: string, notification_id: unknown) =>
    t.call('/api/mark-notification', { token, body: { notification_id } });

  it('lists nothing for a new account, on GET and POST', async () => {
    const { token } = await signUp(t);
    for (const method of ['GET', 'POST'] as const) {
      expect(await list(token, method)).toMatchObject({ status: 200, body: { type: 'success', data: [] } });
    }
  });

  it("lists the caller's notifications newest first, and marks one read", async () => {
    const account = await signUpVerified(t);
    const userId = (
      await t.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow()
    ).id;
    t.clock.advance(60_000);
    await t.db
      .insertInto('notifications')
      .values({ user_id: userId, title: 'Wallet funded', content: '₦5,000.00 received', created_at: t.clock.now() })
      .execute();

    const before = (await list(account.token)).body.data!;
    expect(before.map((n) => [n.title, n.status])).toEqual([
      ['Wallet funded', 'unread'],
      ['Welcome to Naira Wallet', 'unread'],
    ]);

    expect(await mark(account.token, before[1].id)).toMatchObject({
      status: 200,
      body: { type: 'success', message: 'notification marked as read' },
    });
    expect(await mark(account.token, String(before[0].id))).toMatchObject({ status: 200 });
    expect(await mark(account.token, before[0].id)).toMatchObject({ status: 200 });
    expect((await list(account.token)).body.data!.map((n) => n.status)).toEqual(['read', 'read']);
  });

  it("answers another user's notification exactly like a missing one: 404, unchanged", async () => {
    const owner = await signUpVerified(t);
    const [welcome] = (await list(owner.token)).body.data!;
    const intruder = await signUp(t);
    for (const id of [welcome.id, 987_654_321]) {
      expect(await mark(intruder.token, id)).toMatchObject({
        status: 404,
        body: { type: 'error', message: 'notification not found' },
      });
    }
    expect((await list(owner.token)).body.data![0].status).toBe('unread');
  });

  it.each([
    ['missing', undefined, 'notification_id is required'],
    ['zero', 0, 'notification_id must be a positive whole number'],
    ['negative', -4, 'notification_id must be a positive whole number'],
    ['fractional', 1.5, 'notification_id must be a positive whole number'],
    ['text', 'first', 'notification_id must be a positive whole number'],
    ['too large', '99999999999999999999', 'notification_id must be a positive whole number'],
    ['an object', { id: 1 }, 'notification_id must be a positive whole number'],
  ])('answers an id that is %s with 422', async (_case, id, message) => {
    const { token } = await signUp(t);
    expect(await mark(token, id)).toMatchObject({ status: 422, body: { type: 'error', message } });
  });

  it('requires a session', async () => {
    expect((await t.call('/api/fetch-notifications')).status).toBe(401);
    expect((await t.call('/api/mark-notification', { body: { notification_id: 1 } })).status).toBe(401);
  });
});
