import { beforeAll, describe, expect, it } from 'vitest';
import type { Paginated, Transaction, UserData } from '../../../core/contract';
import { runRequery } from '../../../server/jobs/requery';
import { requeryPurchase } from '../../../server/services/purchases/requery';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { systemBalance } from '../../support/api/ledger';
import {
  balance,
  buy,
  newBuyer,
  packageOf,
  pastRequeryDelay,
  PIN,
  providerId,
  purchaseDeps,
  type Buyer,
} from '../../support/api/purchases';

/**
 * Cashback: a completed bill earns its service's rate from the rewards account,
 * through the ledger, as a transaction of its own; never while processing, never for a
 * canceled bill, once however many settles race. The ledger audit runs after every test.
 */
describe.each(backends)('cashback on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    buyer = await newBuyer(t, 100_000);
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  const airtime = (beneficiary: string, amount: number) => ({ provider_id: mtn, beneficiary, amount, pin: PIN });
  const user = async (token = buyer.token) => (await t.call<UserData>('/api/get-user', { token })).body.data!;
  const list = async (token = buyer.token) =>
    (await t.call<Paginated<Transaction>>('/api/fetch-transactions', { token, body: { page: 1 } })).body.data!.data;
  const cashbacksOf = (purchaseId: number) =>
    t.db.selectFrom('transactions').selectAll().where('rewarded_transaction_id', '=', BigInt(purchaseId)).execute();
  const rewardsBalance = () => systemBalance(t.db, 'cashback');

  it('a completed airtime purchase earns 2 %: credited from the rewards account, its own activity row, the total on get-user', async () => {
    const fresh = await newBuyer(t, 1_000);
    const rewardsBefore = await rewardsBalance();
    const reply = await buy(t, fresh.token, 'airtime', airtime('08031234567', 500));
    expect(reply).toMatchObject({
      status: 200,
      body: {
        message: 'purchase successful: ₦500.00 MTN airtime for 08031234567. You earned ₦10.00 cashback.',
        data: { status: 'completed', cashback: 10 },
      },
    });
    expect(await balance(t, fresh.token)).toBe(510);
    expect(await rewardsBalance()).toBe(rewardsBefore - 1_000n);

    const [credit] = await cashbacksOf(reply.body.data!.id);
    expect(credit).toMatchObject({
      category: 'cashback',
      amount_kobo: 1_000n,
      status: 'completed',
      reference: `${reply.body.data!.reference}-CB`,
      user_id: fresh.userId,
    });
    const movements = await t.db
      .selectFrom('ledger_movements')
      .select('kind')
      .where('transaction_id', '=', credit.id)
      .execute();
    expect(movements).toEqual([{ kind: 'cashback' }]);

    const rows = await list(fresh.token);
    expect(rows[0]).toMatchObject({
      category: 'cashback',
      amount: 10,
      status: 'completed',
      description: '₦10.00 cashback on ₦500.00 MTN airtime for 08031234567',
    });
    expect(rows[1]).toMatchObject({ category: 'airtime', cashback: 10 });
    expect((await user(fresh.token)).cashback_total).toBe(10);
  });

  it('data earns 1.5 % of the plan price, betting and exam pins earn nothing', async () => {
    const plan = await packageOf(t, 'MTN 1GB – 30 days');
    const data = await buy(t, buyer.token, 'data', {
      provider_id: plan.providerId,
      package_id: plan.id,
      beneficiary: '08031234567',
      pin: PIN,
    });
    expect(data.body.data).toMatchObject({ status: 'completed', cashback: 15 });
    const bet9ja = await providerId(t, 'betting', 'Bet9ja');
    const bet = await buy(t, buyer.token, 'betting', {
      provider_id: bet9ja,
      beneficiary: '20231234',
      amount: 2_500,
      pin: PIN,
    });
    expect(bet.body.data!.status).toBe('completed');
    expect(bet.body.data).not.toHaveProperty('cashback');
    expect(bet.body.message).not.toContain('cashback');
    expect(await cashbacksOf(bet.body.data!.id)).toEqual([]);
  });

  it('none while processing; credited when the requery completes the bill, once however many requeries race', async () => {
    const before = await balance(t, buyer.token);
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000002', 1_000));
    expect(reply.body.data).toMatchObject({ status: 'processing' });
    expect(reply.body.data).not.toHaveProperty('cashback');
    expect(reply.body.message).not.toContain('cashback');
    const id = reply.body.data!.id;
    expect(await cashbacksOf(id)).toEqual([]);
    expect(await balance(t, buyer.token)).toBe(before - 1_000);

    pastRequeryDelay(t);
    const results = await Promise.all([
      runRequery(t.ctx, purchaseDeps(t)),
      ...Array.from({ length: 5 }, () => requeryPurchase(t.ctx, purchaseDeps(t), BigInt(id))),
    ]);
    expect(
      results.slice(1).filter((result) => result === 'completed').length +
        (results[0] as { completed: number }).completed,
    ).toBe(1);
    expect(await cashbacksOf(id)).toHaveLength(1);
    expect(await balance(t, buyer.token)).toBe(before - 1_000 + 20);
    const [notification] = (
      await t.call<{ title: string; content: string }[]>('/api/fetch-notifications', { token: buyer.token })
    ).body.data!;
    expect(notification.content).toContain('You earned ₦20.00 cashback.');
  });

  it('never for a failed bill, refunded at once or after a requery', async () => {
    const before = await balance(t, buyer.token);
    const failed = await buy(t, buyer.token, 'airtime', airtime('08030000001', 700));
    expect(failed.body.data).toMatchObject({ status: 'canceled' });
    const pending = await buy(t, buyer.token, 'airtime', airtime('08030000003', 800));
    pastRequeryDelay(t);
    expect(await requeryPurchase(t.ctx, purchaseDeps(t), BigInt(pending.body.data!.id))).toBe('canceled');
    for (const id of [failed.body.data!.id, pending.body.data!.id]) expect(await cashbacksOf(id)).toEqual([]);
    expect(await balance(t, buyer.token)).toBe(before);
  });

  it('the database refuses a second cashback for one purchase', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08031234567', 100));
    const { id: _id, bill_parts, ...credit } = (await cashbacksOf(reply.body.data!.id))[0];
    const again = { ...credit, bill_parts: JSON.stringify(bill_parts) };
    await expect(t.db.insertInto('transactions').values(again).execute()).rejects.toThrow(/unique|duplicate/i);
  });
});
