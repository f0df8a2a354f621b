import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualAccount } from '../../../core/contract';
import type { Bill, BillOutcome } from '../../../server/gateways/biller';
import { MonnifyBank } from '../../../server/gateways/monnifyBank';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { runDailyReconciliation } from '../../../server/jobs/reconciliation';
import { creditIncomingTransfer } from '../../../server/services/funding/funding';
import { parseArguments as parseReconcile } from '../../../server/cli/reconcile';
import { parseArguments as parseReport, report } from '../../../server/cli/report';
import { startFakeMonnify, type FakeMonnify } from '../../../testkit/fakes/monnifyServer';
import { signUpWithPin, type SignedUp } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { createAccounts } from '../../support/api/bank';
import { ManualClock } from '../../support/api/manualClock';
import { partnerOptions, RecordingLog, useListeningApp } from '../../support/api/partners';
import { buy, PIN, providerId } from '../../support/api/purchases';

/**
 * The simulated biller, with requery answers a test plants for given request ids: the biller's
 * records disagreeing with ours, as reconciliation must find.
 */
class PlantedBiller extends SimulatedBiller {
  readonly failed = new Set<string>();
  readonly delivered = new Set<string>();
  async requery(bill: Bill): Promise<BillOutcome> {
    if (this.failed.has(bill.requestId)) return { status: 'failed', reason: 'no such request', definitive: true };
    if (this.delivered.has(bill.requestId)) return { status: 'delivered', receipt: {} };
    return super.requery(bill);
  }
}

const DAY = '2026-03-10';
/** 11:00 in Lagos. */
const MIDDAY = new Date('2026-03-10T10:00:00Z');

describe.each(backends)('reconciliation on $name', (backend) => {
  let fake: FakeMonnify;
  const biller = new PlantedBiller();
  const clock = new ManualClock(MIDDAY);
  let buyer: SignedUp;
  let account: VirtualAccount;
  let bills: { delivered: string; refunded: string };

  beforeAll(async () => {
    fake = await startFakeMonnify();
  });
  afterAll(() => fake.close());
  const t = useListeningApp(backend, () => ({
    biller,
    clock,
    banks: [
      new MonnifyBank(
        { baseUrl: fake.url, apiKey: fake.apiKey, secretKey: fake.secretKey, contractCode: fake.contractCode },
        partnerOptions(new RecordingLog(), clock),
      ),
    ],
  }));
  beforeAll(async () => {
    fake.webhookUrl = t.webhookUrl('monnify');

    // A clean day: one confirmed credit, one delivered bill, one refunded bill.
    buyer = await signUpWithPin(t, PIN);
    [account] = await createAccounts(t, buyer.token);
    const paid = await fake.pay({ accountNumber: account.account_number, amountKobo: 1_000_000n, paidAt: MIDDAY });
    expect(paid.webhook).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
    const mtn = await providerId(t, 'airtime', 'MTN');
    const delivered = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031234567',
      amount: 100,
      pin: PIN,
    });
    const refunded = await buy(t, buyer.token, 'airtime', {
      provider_id: mtn,
      beneficiary: '08031230001',
      amount: 200,
      pin: PIN,
    });
    expect([delivered.body.data?.status, refunded.body.data?.status]).toEqual(['completed', 'canceled']);
    const requestId = async (id: number) =>
      (
        await t.db
          .selectFrom('purchases')
          .select('request_id')
          .where('transaction_id', '=', BigInt(id))
          .executeTakeFirstOrThrow()
      ).request_id;
    bills = { delivered: await requestId(delivered.body.data!.id), refunded: await requestId(refunded.body.data!.id) };
  });

  it('finds nothing on a clean day, and says what it compared', async () => {
    const result = await t.app.reconcileDay(DAY);
    expect(result.mismatches).toEqual([]);
    expect(result.counterparties).toEqual([
      { counterparty: 'bank:monnify', ours: 1, theirs: 1 },
      { counterparty: 'biller:simulated', ours: 2, theirs: 2 },
    ]);
    expect(await report(t.db, { name: 'reconciliation', json: false, day: DAY })).toBe('No mismatches.');
  });

  it('finds each planted mismatch, both ways, stores it once and corrects nothing', async () => {
    const at = new Date('2026-03-10T15:00:00Z');
    // 1. Monnify received money and told no one.
    const silent = await fake.pay({
      accountNumber: account.account_number,
      amountKobo: 500_000n,
      paidAt: at,
      notify: false,
    });
    // 2. A credit of ours Monnify never received.
    await creditIncomingTransfer(t.ctx, 'monnify', {
      reference: 'MNFY|GHOST|000001',
      amountKobo: 70_000n,
      accountNumber: account.account_number,
      senderName: 'Nobody',
      senderBank: 'Nowhere',
      paidAt: at,
    });
    // 3. Both have it, with other amounts.
    const differing = await fake.pay({
      accountNumber: account.account_number,
      amountKobo: 90_000n,
      paidAt: at,
      notify: false,
    });
    await creditIncomingTransfer(t.ctx, 'monnify', {
      reference: differing.reference,
      amountKobo: 99_000n,
      accountNumber: account.account_number,
      senderName: 'Ada',
      senderBank: 'GTBank',
      paidAt: at,
    });
    // 4. A webhook whose amount the status call contradicted: disputed, so not credited; Monnify holds ₦1.
    const disputed = await fake.pay({
      accountNumber: account.account_number,
      amountKobo: 100_000n,
      paidAt: at,
      recordAs: { amountKobo: 100n },
    });
    expect(disputed.webhook).toMatchObject({ body: { data: { status: 'disputed' } } });
    // 5 and 6. The biller's records contradict the final state of both bills.
    biller.failed.add(bills.delivered);
    biller.delivered.add(bills.refunded);
    const balances = await t.db.selectFrom('wallets').select(['id', 'balance_kobo']).orderBy('id').execute();

    const result = await t.app.reconcileDay(DAY);
    const found = result.mismatches.map((m) => [
      m.counterparty,
      m.kind,
      m.reference,
      m.ourAmountKobo,
      m.theirAmountKobo,
    ]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['bank:monnify', 'not-credited', silent.reference, null, 500_000n],
        ['bank:monnify', 'not-credited', disputed.reference, null, 100n],
        ['bank:monnify', 'amount-differs', differing.reference, 99_000n, 90_000n],
        ['bank:monnify', 'unknown-to-partner', 'MNFY|GHOST|000001', 70_000n, null],
        ['biller:simulated', 'bill-failed-at-biller', bills.delivered, 10_000n, null],
        ['biller:simulated', 'bill-delivered-after-refund', bills.refunded, 20_000n, 20_000n],
      ]),
    );
    expect(found).toHaveLength(6);
    expect(result.newlyFound).toBe(6);
    expect(result.mismatches.find((m) => m.reference === disputed.reference)?.detail).toMatch(
      /its webhook was disputed/,
    );
    expect(
      await t.db.selectFrom('wallets').select(['id', 'balance_kobo']).orderBy('id').execute(),
      'nothing corrected',
    ).toEqual(balances);

    const again = await t.app.reconcileDay(DAY);
    expect(again.newlyFound).toBe(0);
    expect(again.mismatches).toEqual(result.mismatches);

    const listed = JSON.parse(await report(t.db, { name: 'reconciliation', json: true, day: DAY })) as {
      mismatches: { kind: string; our_amount_kobo: string | null }[];
    };
    expect(listed.mismatches.map((m) => m.kind).sort()).toEqual([
      'amount-differs',
      'bill-delivered-after-refund',
      'bill-failed-at-biller',
      'not-credited',
      'not-credited',
      'unknown-to-partner',
    ]);
    const table = await report(t.db, { name: 'reconciliation', json: false });
    expect(table).toContain('6 mismatches (stored, not corrected):');
    expect(table).toContain('MNFY|GHOST|000001');
    expect(await report(t.db, { name: 'disputed', json: false })).toContain(disputed.reference);
  });

  it('finds nothing on a day without activity', async () => {
    expect((await t.app.reconcileDay('2026-03-12')).mismatches).toEqual([]);
  });

  it('says which counterparty could not be compared when it does not answer', async () => {
    fake.misbehave({ down: true });
    try {
      const result = await t.app.reconcileDay('2026-03-13');
      expect(result.counterparties[0]).toMatchObject({
        counterparty: 'bank:monnify',
        error: expect.stringContaining('Monnify is not answering'),
      });
    } finally {
      fake.misbehave({});
    }
  });

  it('the daily job reconciles yesterday once, whichever replica asks', async () => {
    const deps = { banks: [], purchases: { biller, billerTimeoutMs: 1_000 } };
    const ctx = { ...t.ctx, clock: { now: () => new Date('2026-03-15T02:30:00Z') } };
    const first = await runDailyReconciliation(ctx, deps);
    expect(first?.day).toBe('2026-03-14');
    expect(await runDailyReconciliation(ctx, deps)).toBeUndefined();
    expect(
      await t.db
        .selectFrom('reconciliation_runs')
        .select(['day', 'finished_at'])
        .where('day', '=', '2026-03-14')
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ finished_at: expect.any(Date) });
  });
});

describe('reconciliation arguments', () => {
  it('reads the operator commands', () => {
    expect(parseReconcile(['--date', '2026-03-10'])).toEqual({ day: '2026-03-10', json: false });
    expect(parseReconcile(['--date=2026-03-10', '--json'])).toEqual({ day: '2026-03-10', json: true });
    expect(parseReconcile(['--date', '10/03/2026'])).toBeUndefined();
    expect(parseReconcile([])).toBeUndefined();
    expect(parseReport(['reconciliation', '--date', '2026-03-10'])).toEqual({
      name: 'reconciliation',
      json: false,
      day: '2026-03-10',
    });
    expect(parseReport(['disputed', '--json'])).toEqual({ name: 'disputed', json: true });
  });
});
