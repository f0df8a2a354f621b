import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, Transaction } from '../../../core/contract';
import type { RequeryHooks } from '../../../server/services/records/transactions';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { createAccounts, devTransfer, userIdOf } from '../../support/api/bank';

const FUNDINGS = 23;

describe.each(backends)('transactions on $name', (backend) => {
  let owner: SignedUp;
  let other: SignedUp;
  const requeried: number[] = [];
  /** A stand-in for the biller's requery: the bill turned out delivered. */
  const requeries: RequeryHooks = {
    airtime: async (ctx, transaction) => {
      requeried.push(Number(transaction.id));
      await ctx.db
        .updateTable('transactions')
        .set({ status: 'completed', updated_at: ctx.clock.now() })
        .where('id', '=', transaction.id)
        .execute();
      return 'asked';
    },
  };

  const t = useTestApp(backend, { requeries });
  beforeAll(async () => {
    [owner, other] = [await signUp(t), await signUp(t)];
    const [wema] = await createAccounts(t, owner.token);
    for (let i = 1; i <= FUNDINGS; i++) {
      // Two pairs share a timestamp: the id breaks the tie.
      if (i % 10 !== 0) t.clock.advance(60_000);
      const reply = await devTransfer(t, {
        account_number: wema.account_number,
        amount: i * 100,
        reference: `FUND-${owner.email}-${i}`,
      });
      expect(reply.body.data?.status).toBe('credited');
    }
  });

  const fetch = (token: string, body?: unknown) =>
    t.call<Paginated<Transaction>>('/api/fetch-transactions', { token, body });
  const refresh = (token: string, transaction_id: unknown) =>
    t.call<Transaction>('/api/refresh-transaction', { token, body: { transaction_id } });

  it('answers the first page of 10 newest first when no body is sent', async () => {
    const reply = await fetch(owner.token);
    expect(reply).toMatchObject({
      status: 200,
      body: { type: 'success', message: 'transactions fetched successfully' },
    });
    const page = reply.body.data!;
    expect({ ...page, data: page.data.length }).toEqual({
      data: 10,
      current_page: 1,
      per_page: 10,
      total: FUNDINGS,
      last_page: 3,
    });
    expect(page.data.map((tx) => tx.amount)).toEqual([2300, 2200, 2100, 2000, 1900, 1800, 1700, 1600, 1500, 1400]);
  });

  it('orders by time then id, newest first, across pages with no gap or repeat', async () => {
    const pages = [];
    for (let page = 1; page <= 5; page++) pages.push((await fetch(owner.token, { pagination: 5, page })).body.data!);
    expect(pages.map((p) => p.data.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.every((p) => p.last_page === 5 && p.per_page === 5 && p.total === FUNDINGS)).toBe(true);
    const all = pages.flatMap((p) => p.data);
    expect(all.map((tx) => tx.amount)).toEqual(Array.from({ length: FUNDINGS }, (_, i) => (FUNDINGS - i) * 100));
    for (let i = 1; i < all.length; i++) {
      const [newer, older] = [all[i - 1], all[i]];
      expect(
        newer.created_at > older.created_at || (newer.created_at === older.created_at && newer.id > older.id),
      ).toBe(true);
    }
    expect(all.some((tx, i) => i > 0 && tx.created_at === all[i - 1].created_at)).toBe(true);
  });

  it('answers a page past the end with no rows, and accepts numbers as text', async () => {
    expect((await fetch(owner.token, { pagination: '10', page: '4' })).body.data).toEqual({
      data: [],
      current_page: 4,
      per_page: 10,
      total: FUNDINGS,
      last_page: 3,
    });
    expect((await fetch(owner.token, { pagination: 50, page: 1 })).body.data!.data).toHaveLength(FUNDINGS);
  });

  it('answers the total its wallet keeps, moved once by a statement that inserts many', async () => {
    const person = await signUp(t);
    const userId = await userIdOf(t, person.email);
    const at = t.clock.now();
    await sql`
      INSERT INTO transactions (user_id, category, amount_kobo, status, reference, created_at, updated_at)
      SELECT ${userId}::bigint, 'funding', 100, 'completed', 'BULK-' || g, ${at}::timestamptz, ${at}::timestamptz FROM generate_series(1, 250) AS g`.execute(
      t.db,
    );
    const wallet = await t.db
      .selectFrom('wallets')
      .select('transaction_count')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(wallet.transaction_count).toBe(250n);
    const page = (await fetch(person.token, { page: 25 })).body.data!;
    expect({ ...page, data: page.data.length }).toEqual({
      data: 10,
      current_page: 25,
      per_page: 10,
      total: 250,
      last_page: 25,
    });
  });

  it("shows only the caller's transactions", async () => {
    expect((await fetch(other.token, { pagination: 10, page: 1 })).body.data).toEqual({
      data: [],
      current_page: 1,
      per_page: 10,
      total: 0,
      last_page: 1,
    });
  });

  it.each([
    [{ pagination: 0, page: 1 }, 'pagination must be a whole number from 1 to 50'],
    [{ pagination: 51, page: 1 }, 'pagination must be a whole number from 1 to 50'],
    [{ pagination: 2.5, page: 1 }, 'pagination must be a whole number from 1 to 50'],
    [{ pagination: 'ten', page: 1 }, 'pagination must be a whole number from 1 to 50'],
    [{ pagination: 10, page: 0 }, 'page must be a whole number from 1 to 100000'],
    [{ pagination: 10, page: -2 }, 'page must be a whole number from 1 to 100000'],
    [{ pagination: 10, page: [1] }, 'page must be a whole number from 1 to 100000'],
  ])('refuses %j with 422', async (body, message) => {
    expect(await fetch(owner.token, body)).toMatchObject({ status: 422, body: { type: 'error', message } });
  });

  it('refresh answers a completed transaction as it is', async () => {
    const [latest] = (await fetch(owner.token)).body.data!.data;
    expect(await refresh(owner.token, latest.id)).toEqual({
      status: 200,
      headers: expect.anything(),
      body: { type: 'success', message: 'transaction already completed', data: latest },
    });
  });

  it("refresh answers another user's transaction exactly like a missing one: 404", async () => {
    const [latest] = (await fetch(owner.token)).body.data!.data;
    for (const id of [latest.id, String(latest.id), 987_654_321]) {
      expect(await refresh(other.token, id)).toMatchObject({
        status: 404,
        body: { type: 'error', message: 'transaction not found' },
      });
    }
  });

  it('refresh asks the gateway of a pending transaction through its category hook, and keeps one without a hook', async () => {
    const userId = await userIdOf(t, other.email);
    const now = t.clock.now();
    const pending = (category: string) =>
      t.db
        .insertInto('transactions')
        .values({
          user_id: userId,
          category,
          amount_kobo: 50_000n,
          status: 'processing',
          reference: `${category}-1`,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const airtime = Number((await pending('airtime')).id);
    const reply = await refresh(other.token, airtime);
    expect(reply).toMatchObject({
      status: 200,
      body: {
        type: 'success',
        message: 'transaction status refreshed',
        data: { id: airtime, status: 'completed', amount: 500 },
      },
    });
    expect(requeried).toEqual([airtime]);

    const cable = Number((await pending('tv-subscription')).id);
    expect(await refresh(other.token, cable)).toMatchObject({
      status: 200,
      body: { message: 'transaction status refreshed', data: { status: 'processing' } },
    });
  });

  it.each([
    [undefined, 'transaction_id is required'],
    [0, 'transaction_id must be a positive whole number'],
    ['abc', 'transaction_id must be a positive whole number'],
  ])('refresh refuses transaction_id %j with 422', async (id, message) => {
    expect(await refresh(owner.token, id)).toMatchObject({ status: 422, body: { type: 'error', message } });
  });

  it('requires a session', async () => {
    expect((await t.call('/api/fetch-transactions', { body: {} })).status).toBe(401);
    expect((await t.call('/api/refresh-transaction', { body: { transaction_id: 1 } })).status).toBe(401);
  });
});
