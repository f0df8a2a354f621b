import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Transaction } from '../../../core/contract';
import type { Bill, BillOutcome } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { runRequery } from '../../../server/jobs/requery';
import { PURCHASE_FAILED, PURCHASE_PROCESSING } from '../../../server/services/purchases/wording';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { balance, buy, newBuyer, pastRequeryDelay, PIN, providerId, type Buyer } from '../../support/api/purchases';

/** The simulated biller, recording what it answered; its requeries can be made to answer something else. */
class RecordingBiller extends SimulatedBiller {
  answers: { call: 'pay' | 'requery'; outcome: BillOutcome }[] = [];
  requeryAnswer: BillOutcome | undefined;
  async pay(bill: Bill): Promise<BillOutcome> {
    const outcome = await super.pay(bill);
    this.answers.push({ call: 'pay', outcome });
    return outcome;
  }
  async requery(bill: Bill): Promise<BillOutcome> {
    const outcome = this.requeryAnswer ?? (await super.requery(bill));
    this.answers.push({ call: 'requery', outcome });
    return outcome;
  }
}

/** No refund without a requery saying failed, unless the failure is definitive: an ambiguous one may hide a delivered bill. */
describe.each(backends)('definitive and ambiguous biller failures on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  const biller = new RecordingBiller();
  const t = useTestApp(backend, { biller });
  beforeAll(async () => {
    buyer = await newBuyer(t, 10_000);
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  const airtime = (beneficiary: string, amount: number) => ({ provider_id: mtn, beneficiary, amount, pin: PIN });
  const movementsOf = async (id: number) =>
    (
      await t.db
        .selectFrom('ledger_movements')
        .select('kind')
        .where('transaction_id', '=', BigInt(id))
        .orderBy('id')
        .execute()
    ).map((m) => m.kind);
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('transactions').select('status').where('id', '=', BigInt(id)).executeTakeFirstOrThrow())
      .status;
  const deps = () => ({ biller, billerTimeoutMs: t.config.billerTimeoutMs });
  const lastAnswer = () => biller.answers[biller.answers.length - 1];

  it('a definitive failure (…0001) is refunded at once', async () => {
    const before = await balance(t, buyer.token);
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000001', 300));
    expect(lastAnswer()).toEqual({
      call: 'pay',
      outcome: { status: 'failed', reason: expect.any(String), definitive: true },
    });
    expect(reply).toMatchObject({ status: 502, body: { message: PURCHASE_FAILED, data: { status: 'canceled' } } });
    expect(await balance(t, buyer.token)).toBe(before);
    expect(await movementsOf(reply.body.data!.id)).toEqual(['purchase-reserve', 'purchase-refund']);
  });

  it('an ambiguous failure whose requery says failed (…0006): processing and no refund until the requery, then refunded', async () => {
    const before = await balance(t, buyer.token);
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000006', 400));
    expect(lastAnswer()).toEqual({
      call: 'pay',
      outcome: { status: 'failed', reason: expect.any(String), definitive: false },
    });
    expect(reply).toMatchObject({
      status: 200,
      body: { type: 'success', message: PURCHASE_PROCESSING, data: { status: 'processing' } },
    });
    const id = reply.body.data!.id;
    expect(await balance(t, buyer.token), 'the money stays reserved').toBe(before - 400);
    expect(await movementsOf(id)).toEqual(['purchase-reserve']);

    pastRequeryDelay(t);
    expect(await runRequery(t.ctx, deps())).toMatchObject({ canceled: 1, completed: 0 });
    expect(lastAnswer()).toEqual({
      call: 'requery',
      outcome: { status: 'failed', reason: expect.any(String), definitive: true },
    });
    expect(await statusOf(id)).toBe('canceled');
    expect(await balance(t, buyer.token)).toBe(before);
    expect(await movementsOf(id)).toEqual(['purchase-reserve', 'purchase-refund']);
    const [notification] = (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body
      .data!;
    expect(notification.title).toBe('Purchase failed: wallet refunded');
  });

  it('an ambiguous failure that was in fact delivered (…0007): never refunded; the requery settles it', async () => {
    const before = await balance(t, buyer.token);
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000007', 500));
    expect(reply).toMatchObject({
      status: 200,
      body: { message: PURCHASE_PROCESSING, data: { status: 'processing' } },
    });
    const id = reply.body.data!.id;
    expect(await balance(t, buyer.token)).toBe(before - 500);

    pastRequeryDelay(t);
    const refreshed = await t.call<Transaction>('/api/refresh-transaction', {
      token: buyer.token,
      body: { transaction_id: id },
    });
    expect(refreshed).toMatchObject({
      status: 200,
      body: { message: 'transaction status refreshed', data: { id, status: 'completed' } },
    });
    // Paid for what was delivered, less the cashback it earned once it completed (airtime, 2 %).
    expect(await balance(t, buyer.token), 'the customer paid for what was delivered').toBe(before - 500 + 10);
    expect(await movementsOf(id)).toEqual(['purchase-reserve', 'purchase-settle']);
  });

  it('an ambiguous failure answered by the requery itself keeps the bill processing', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000005', 200));
    const id = reply.body.data!.id;
    const before = await balance(t, buyer.token);
    pastRequeryDelay(t);
    biller.requeryAnswer = { status: 'failed', reason: 'system error', definitive: false };
    try {
      expect(await runRequery(t.ctx, deps())).toMatchObject({ pending: 1, canceled: 0 });
      expect(await statusOf(id)).toBe('processing');
      expect(await balance(t, buyer.token)).toBe(before);
      expect(await movementsOf(id)).toEqual(['purchase-reserve']);
      // A later requery that confirms the failure refunds it.
      t.clock.advance(60_000);
      biller.requeryAnswer = { status: 'failed', reason: 'confirmed', definitive: true };
      expect(await runRequery(t.ctx, deps())).toMatchObject({ canceled: 1 });
    } finally {
      biller.requeryAnswer = undefined;
    }
    expect(await balance(t, buyer.token)).toBe(before + 200);
  });
});
