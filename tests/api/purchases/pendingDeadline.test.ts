import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Transaction } from '../../../core/contract';
import type { BillOutcome } from '../../../server/gateways/biller';
import { runRequery } from '../../../server/jobs/requery';
import {
  FINAL_ASK_LEAD_MS,
  PENDING_DEADLINE_MS,
  PROMPT_REFUND_MS,
  settleExposure,
} from '../../../server/services/purchases/deadline';
import { requeryPurchase } from '../../../server/services/purchases/requery';
import { verifyPhone } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { systemBalance } from '../../support/api/ledger';
import { balance, buy, newBuyer, PIN, providerId, ScriptedBiller, type Buyer } from '../../support/api/purchases';

/** An answer held back until the test opens it; `asked` resolves once the biller was asked. */
function heldAnswer(outcome: BillOutcome) {
  let open = () => {};
  let wasAsked = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  const asked = new Promise<void>((resolve) => (wasAsked = resolve));
  const answer = async () => {
    wasAsked();
    await opened;
    return outcome;
  };
  return { answer, asked, open };
}

const DELIVERED: BillOutcome = { status: 'delivered', receipt: {} };
const FAILED: BillOutcome = { status: 'failed', reason: 'the biller reports the request as failed', definitive: true };
const PENDING: BillOutcome = { status: 'pending' };
const HOUR = 60 * 60_000;

/**
 * The 24-hour rule, with the clock moved and never waited on: a bill the biller never settles is
 * asked about on a cadence that fits the deadline and refunded in full at it, told on every
 * channel; the biller's later answer settles the business's exposure once; a definitive failure is
 * refunded within 30 seconds; a requery racing the deadline refunds or delivers, never both. The
 * ledger audit runs after every test (useTestApp).
 */
describe.each(backends)('the 24-hour deadline of a pending bill on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  let numbers = 0;
  const biller = new ScriptedBiller();
  const t = useTestApp(backend, { biller });
  beforeAll(async () => {
    buyer = await newBuyer(t, 100_000);
    // Texted too: every outcome goes to a verified phone.
    await verifyPhone(t, buyer);
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  const deps = () => ({ biller, billerTimeoutMs: t.config.billerTimeoutMs, timeouts: t.clock });
  /** A phone number of its own ending in `ending` (the simulated biller's switch: 0005 stays pending). */
  const phone = (ending: string) => `0803${String(++numbers).padStart(3, '0')}${ending}`;
  const airtime = async (ending: string, amount: number) => {
    const reply = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: phone(ending),
      amount,
      pin: PIN,
    });
    expect(reply.status, reply.body.message).toBeLessThan(503);
    return reply.body.data!;
  };
  const billRow = (id: number) =>
    t.db
      .selectFrom('purchases')
      .innerJoin('transactions', 'transactions.id', 'purchases.transaction_id')
      .select([
        'transactions.status',
        'transactions.created_at',
        'purchases.beneficiary',
        'purchases.deadline_at',
        'purchases.next_requery_at',
        'purchases.last_requery_at',
        'purchases.refunded_at',
        'purchases.refund_delay_ms',
        'purchases.exposure',
        'purchases.exposure_resolved_at',
      ])
      .where('purchases.transaction_id', '=', BigInt(id))
      .executeTakeFirstOrThrow();
  const movementsOf = async (id: number) =>
    (
      await t.db
        .selectFrom('ledger_movements')
        .select('kind')
        .where('transaction_id', '=', BigInt(id))
        .orderBy('id')
        .execute()
    ).map((row) => row.kind);
  const moveTo = (at: Date) => t.clock.advance(Math.max(0, at.getTime() - t.clock.now().getTime()));
  const lastAsk = (row: { deadline_at: Date }) => new Date(row.deadline_at.getTime() - FINAL_ASK_LEAD_MS);
  const notifications = async () =>
    (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body.data!;
  const lateDeliveries = () => systemBalance(t.db, 'late-deliveries');

  /** Refunds a bill at its deadline through the job: the clock at its last ask, and one run. */
  async function refundedAtDeadline(ending = '0005', amount = 300) {
    const bill = await airtime(ending, amount);
    moveTo(lastAsk(await billRow(bill.id)));
    await runRequery(t.ctx, deps());
    expect(await billRow(bill.id)).toMatchObject({ status: 'canceled', exposure: 'open' });
    return bill;
  }

  it('a bill the biller never settles is asked within 30 s, then ever less often, and one ask lands right at the deadline', async () => {
    const bill = await airtime('0005', 700);
    const placed = await billRow(bill.id);
    const debit = placed.created_at.getTime();
    expect(placed.deadline_at.getTime() - debit).toBe(PENDING_DEADLINE_MS);
    const asks: number[] = [];
    for (let turn = 0; turn < 200; turn++) {
      const row = await billRow(bill.id);
      if (row.status !== 'processing') break;
      // The job leaves a bill a run asked about within the last 5 s for its next run.
      const spaced = row.last_requery_at ? row.last_requery_at.getTime() + 5_000 : 0;
      moveTo(new Date(Math.max(row.next_requery_at!.getTime(), spaced)));
      await runRequery(t.ctx, deps());
      if ((await billRow(bill.id)).last_requery_at?.getTime() === t.clock.now().getTime())
        asks.push(t.clock.now().getTime() - debit);
    }
    expect(asks[0], 'the first ask within 30 s of the pay call').toBeLessThanOrEqual(30_000);
    const gaps = asks.slice(1).map((at, i) => at - asks[i]);
    expect(gaps.slice(0, 6)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(Math.max(...gaps), 'capped at 30 minutes').toBe(30 * 60_000);
    expect(asks.length, 'several asks before the deadline').toBeGreaterThan(40);
    expect(asks.at(-1), 'the last one right at the deadline, its lead before it').toBe(
      PENDING_DEADLINE_MS - FINAL_ASK_LEAD_MS,
    );
    expect((await billRow(bill.id)).status).toBe('canceled');
  });

  it('a bill still pending at its deadline is refunded in full, once, with a text, an e-mail and a notification saying why', async () => {
    const before = await balance(t, buyer.token);
    const bill = await airtime('0005', 800);
    expect(await balance(t, buyer.token)).toBe(before - 800);
    const row = await billRow(bill.id);
    moveTo(new Date(lastAsk(row).getTime() - 1));
    expect(await requeryPurchase(t.ctx, deps(), BigInt(bill.id)), 'not a moment before its last ask').toBe('pending');
    expect((await billRow(bill.id)).status).toBe('processing');

    moveTo(lastAsk(row));
    await runRequery(t.ctx, deps());
    const refunded = await billRow(bill.id);
    expect(refunded).toMatchObject({ status: 'canceled', exposure: 'open', refunded_at: lastAsk(row) });
    expect(Number(refunded.refund_delay_ms), 'within the 24 hours').toBe(PENDING_DEADLINE_MS - FINAL_ASK_LEAD_MS);
    expect(refunded.next_requery_at, 'the business keeps asking').not.toBeNull();
    expect(await balance(t, buyer.token)).toBe(before);
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund']);

    const [notification] = await notifications();
    expect(notification.title).toBe('Purchase refunded: not confirmed within 24 hours');
    expect(notification.content).toBe(
      `Your purchase of ${bill.description} was refunded because the biller did not confirm it within 24 hours. ` +
        `₦800.00 has been returned to your wallet in full. If it still arrives, it is yours at no charge. ` +
        `(ref ${bill.reference})`,
    );
    const [mail] = t.outbox.list(buyer.email);
    expect(mail.subject).toBe(`Refunded: ${bill.description}`);
    expect(mail.text).toContain(
      'Status: Refunded in full to your wallet: the biller did not confirm it within 24 hours',
    );
    expect(mail.text).toContain(bill.reference);
    const [text] = t.texts.list(buyer.phone);
    expect(text.text).toMatch(/^Naira Wallet: .* not confirmed in 24h: N800\.00 refunded to your wallet\./);
    expect(text.text.length).toBeLessThanOrEqual(160);
    // A message is in the mailbox a moment before its row says "sent".
    await t.messagesSettled();
    const queued = await t.db
      .selectFrom('outbox')
      .select(['channel', 'kind', 'status'])
      .where('event', '=', String(bill.id))
      .orderBy('channel')
      .execute();
    expect(queued).toEqual([
      { channel: 'email', kind: 'receipt', status: 'sent' },
      { channel: 'sms', kind: 'receipt', status: 'sent' },
    ]);

    // Asked again, refreshed, run again: nothing more is refunded or sent.
    t.clock.advance(HOUR);
    await runRequery(t.ctx, deps());
    const refreshed = await t.call<Transaction>('/api/refresh-transaction', {
      token: buyer.token,
      body: { transaction_id: bill.id },
    });
    expect(refreshed.body.data).toMatchObject({ status: 'canceled' });
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund']);
    expect(t.outbox.list(buyer.email).filter((sent) => sent.subject === mail.subject)).toHaveLength(1);
    expect(t.texts.list(buyer.phone).filter((sent) => sent.text === text.text)).toHaveLength(1);
  });

  it('a bill nobody asked about until exactly 24 hours after its debit is refunded then, within the limit', async () => {
    const bill = await airtime('0005', 250);
    const row = await billRow(bill.id);
    moveTo(row.deadline_at);
    await runRequery(t.ctx, deps());
    const refunded = await billRow(bill.id);
    expect(refunded).toMatchObject({ status: 'canceled', exposure: 'open', refunded_at: row.deadline_at });
    expect(Number(refunded.refund_delay_ms)).toBe(PENDING_DEADLINE_MS);
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund']);
    const [notification] = await notifications();
    expect(notification).toMatchObject({ title: 'Purchase refunded: not confirmed within 24 hours' });
    expect(notification.content).toContain(bill.reference);
    const [mail] = t.outbox.list(buyer.email);
    expect(mail.subject).toBe(`Refunded: ${bill.description}`);
    expect(mail.text).toContain(bill.reference);
  });

  it('a bill of a biller no longer in use is refunded at its deadline too, unasked', async () => {
    const bill = await airtime('0005', 150);
    await t.db
      .updateTable('purchases')
      .set({ biller: 'retired' })
      .where('transaction_id', '=', BigInt(bill.id))
      .execute();
    moveTo(lastAsk(await billRow(bill.id)));
    expect(await requeryPurchase(t.ctx, deps(), BigInt(bill.id))).toBe('refunded-at-deadline');
    expect(await billRow(bill.id)).toMatchObject({ status: 'canceled', exposure: 'open' });
  });

  it('the biller\'s later "delivered" posts the loss to the business\'s account once, however often it is asked again', async () => {
    const bill = await refundedAtDeadline('0005', 600);
    const before = await balance(t, buyer.token);
    const lost = await lateDeliveries();
    const told = (await notifications()).length;
    const beneficiary = (await billRow(bill.id)).beneficiary;
    biller.script.set(beneficiary, [async () => DELIVERED, async () => DELIVERED, async () => DELIVERED]);

    moveTo((await billRow(bill.id)).next_requery_at!);
    await runRequery(t.ctx, deps());
    const settled = await billRow(bill.id);
    expect(settled).toMatchObject({ status: 'canceled', exposure: 'delivered', next_requery_at: null });
    expect(settled.exposure_resolved_at).toEqual(t.clock.now());
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund', 'purchase-write-off']);
    expect(await lateDeliveries(), 'the loss is the business’s').toBe(lost - 60_000n);
    expect(await balance(t, buyer.token), 'never the customer’s').toBe(before);
    expect((await notifications())[0].title).toBe('Purchase delivered after its refund: yours at no charge');

    // The requery twice more (the job has nothing left to ask; asked directly, the answer changes nothing).
    for (let again = 0; again < 2; again++) {
      t.clock.advance(HOUR);
      await runRequery(t.ctx, deps());
      expect(await requeryPurchase(t.ctx, deps(), BigInt(bill.id))).toBe('already-final');
    }
    const exposed = { transactionId: BigInt(bill.id), biller: biller.name, amountKobo: 60_000n };
    expect(await settleExposure(t.ctx, exposed, { status: 'delivered', receipt: {} })).toBe('already-final');
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund', 'purchase-write-off']);
    expect(await lateDeliveries()).toBe(lost - 60_000n);
    expect(await notifications(), 'the customer is told once').toHaveLength(told + 1);
    biller.script.delete(beneficiary);
  });

  it('an electricity token delivered after its refund reaches its customer once, at no charge: on the bill and on every channel', async () => {
    const ikeja = await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)');
    const reply = await buy(t, buyer.token, 'electricity-bill', {
      provider_id: ikeja,
      beneficiary: `4503${String(++numbers).padStart(3, '0')}0005`,
      amount: 5_000,
      pin: PIN,
    });
    const bill = reply.body.data!;
    expect(bill.status).toBe('processing');
    moveTo(lastAsk(await billRow(bill.id)));
    await runRequery(t.ctx, deps());
    const before = await balance(t, buyer.token);
    const sentBefore = { mails: t.outbox.list(buyer.email).length, texts: t.texts.list(buyer.phone).length };
    const token = '1111-2222-3333-4444-5555';
    const late: BillOutcome = { status: 'delivered', receipt: { token, units: '23.9 kWh' } };
    biller.script.set((await billRow(bill.id)).beneficiary, [async () => late, async () => late]);

    moveTo((await billRow(bill.id)).next_requery_at!);
    await runRequery(t.ctx, deps());
    expect(await billRow(bill.id)).toMatchObject({ status: 'canceled', exposure: 'delivered' });
    expect(await balance(t, buyer.token), 'the refund stays the customer’s').toBe(before);
    const shown = await t.call<Transaction>('/api/refresh-transaction', {
      token: buyer.token,
      body: { transaction_id: bill.id },
    });
    expect(shown.body.data).toMatchObject({ status: 'canceled', display_name: 'Token', display_value: token });

    const [notification] = await notifications();
    expect(notification).toEqual(
      expect.objectContaining({
        title: 'Purchase delivered after its refund: yours at no charge',
        content:
          `Your purchase of ${bill.description} was delivered after all. Token : ${token}. ` +
          `It is yours at no charge: the ₦5,000.00 refunded to your wallet stays there. (ref ${bill.reference})`,
      }),
    );
    const mails = t.outbox.list(buyer.email);
    expect(mails).toHaveLength(sentBefore.mails + 1);
    expect(mails[0].subject).toBe(`Delivered after all: ${bill.description}`);
    expect(mails[0].text).toContain(`Token: ${token}`);
    expect(mails[0].text).toContain(bill.reference);
    const texts = t.texts.list(buyer.phone);
    expect(texts).toHaveLength(sentBefore.texts + 1);
    expect(texts[0].text).toMatch(/^Naira Wallet: .* delivered late, at no charge: your N5,000\.00 refund stays\./);
    expect(texts[0].text).toContain(`Token: ${token}.`);
    expect(texts[0].text.length).toBeLessThanOrEqual(160);

    // Answered "delivered" again: nothing more is written off or sent.
    const exposed = { transactionId: BigInt(bill.id), biller: biller.name, amountKobo: 500_000n };
    expect(await settleExposure(t.ctx, exposed, late)).toBe('already-final');
    expect(t.outbox.list(buyer.email)).toHaveLength(sentBefore.mails + 1);
    expect(t.texts.list(buyer.phone)).toHaveLength(sentBefore.texts + 1);
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund', 'purchase-write-off']);
  });

  it('the biller\'s later "failed" closes the exposure: nothing lost, no more asks', async () => {
    const bill = await refundedAtDeadline('0005', 450);
    const lost = await lateDeliveries();
    biller.script.set((await billRow(bill.id)).beneficiary, [async () => FAILED]);
    moveTo((await billRow(bill.id)).next_requery_at!);
    await runRequery(t.ctx, deps());
    expect(await billRow(bill.id)).toMatchObject({ status: 'canceled', exposure: 'failed', next_requery_at: null });
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund']);
    expect(await lateDeliveries()).toBe(lost);
    const exposed = { transactionId: BigInt(bill.id), biller: biller.name, amountKobo: 45_000n };
    expect(await settleExposure(t.ctx, exposed, { status: 'delivered', receipt: {} })).toBe('already-final');
    expect(await lateDeliveries(), 'a "delivered" after the close changes nothing').toBe(lost);
  });

  it('a definitive failure is refunded within 30 seconds of its debit, by the pay call or by the first requery', async () => {
    const declined = await airtime('0001', 200);
    expect(declined.status).toBe('canceled');
    const atOnce = await billRow(declined.id);
    expect(Number(atOnce.refund_delay_ms)).toBeLessThanOrEqual(PROMPT_REFUND_MS);
    expect(atOnce.exposure).toBeNull();

    // An ambiguous pay answer, then the first requery finds it failed.
    const ambiguous = await airtime('0006', 200);
    expect(ambiguous.status).toBe('processing');
    moveTo((await billRow(ambiguous.id)).next_requery_at!);
    await runRequery(t.ctx, deps());
    const requeried = await billRow(ambiguous.id);
    expect(requeried).toMatchObject({ status: 'canceled', exposure: null, next_requery_at: null });
    expect(Number(requeried.refund_delay_ms)).toBe(t.config.billerTimeoutMs + 2_000);
    expect(Number(requeried.refund_delay_ms)).toBeLessThanOrEqual(PROMPT_REFUND_MS);
  });

  it('a "delivered" answered while the deadline refunds: refunded, and the late delivery is the business’s loss', async () => {
    const bill = await airtime('0005', 350);
    const row = await billRow(bill.id);
    const late = heldAnswer(DELIVERED);
    biller.script.set(row.beneficiary, [late.answer, async () => PENDING]);
    moveTo(lastAsk(row));
    // A customer's refresh asks first; the biller's "delivered" comes after the job's run refunded the bill.
    const racing = requeryPurchase(t.ctx, deps(), BigInt(bill.id));
    await late.asked;
    await runRequery(t.ctx, deps());
    expect(await billRow(bill.id)).toMatchObject({ status: 'canceled', exposure: 'open' });
    late.open();
    expect(await racing).toBe('written-off');
    expect(await billRow(bill.id)).toMatchObject({ status: 'canceled', exposure: 'delivered' });
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-refund', 'purchase-write-off']);
  });

  it('a "delivered" that settles first: completed, and the deadline refunds nothing', async () => {
    const before = await balance(t, buyer.token);
    const bill = await airtime('0005', 400);
    const row = await billRow(bill.id);
    const slowPending = heldAnswer(PENDING);
    biller.script.set(row.beneficiary, [slowPending.answer, async () => DELIVERED]);
    moveTo(lastAsk(row));
    // The job's ask is held; meanwhile a refresh's "delivered" settles the bill.
    const job = runRequery(t.ctx, deps());
    await slowPending.asked;
    expect(await requeryPurchase(t.ctx, deps(), BigInt(bill.id))).toBe('completed');
    slowPending.open();
    expect(await job).toMatchObject({ 'refunded-at-deadline': 0 });
    expect(await billRow(bill.id)).toMatchObject({ status: 'completed', exposure: null, refunded_at: null });
    expect(await movementsOf(bill.id)).toEqual(['purchase-reserve', 'purchase-settle']);
    // Paid for what was delivered, less its cashback (airtime, 2 %).
    expect(await balance(t, buyer.token)).toBe(before - 400 + 8);
  });

  it('many requeries racing the deadline, some answered delivered, some pending: refunded or delivered, never both', async () => {
    for (let round = 0; round < 3; round++) {
      const bill = await airtime('0005', 100);
      const row = await billRow(bill.id);
      biller.script.set(
        row.beneficiary,
        Array.from({ length: 8 }, (_, i) => async () => (i % 2 === round % 2 ? DELIVERED : PENDING)),
      );
      moveTo(lastAsk(row));
      const results = await Promise.all(
        Array.from({ length: 8 }, () => requeryPurchase(t.ctx, deps(), BigInt(bill.id))),
      );
      const moved = await movementsOf(bill.id);
      const outcomes = moved.filter((kind) => kind === 'purchase-settle' || kind === 'purchase-refund');
      expect(outcomes, results.join(', ')).toHaveLength(1);
      const final = await billRow(bill.id);
      if (final.status === 'completed') {
        expect(final.exposure).toBeNull();
        expect(moved).not.toContain('purchase-write-off');
      } else {
        // Refunded at the deadline; a "delivered" among the answers wrote the loss off, once.
        expect(final.exposure).toBe('delivered');
        expect(moved.filter((kind) => kind === 'purchase-write-off')).toHaveLength(1);
      }
      biller.script.delete(row.beneficiary);
    }
  });
});
