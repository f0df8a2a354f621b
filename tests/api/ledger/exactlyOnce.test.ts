import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../core/contract';
import type { AppContext } from '../../../server/services/context';
import { creditIncomingTransfer } from '../../../server/services/funding/funding';
import {
  AlreadyPostedError,
  credit,
  debit,
  moveBetweenSystemAccounts,
  planHold,
  post,
  postHold,
  voidHold,
  walletOf,
  writeOff,
  type MovementKind,
} from '../../../server/services/ledger/ledger';
import { finalise } from '../../../server/services/purchases/settling';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { newReference } from '../../support/api/bank';
import { withoutCommitting } from '../../support/api/ledger';
import { buy, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';

/**
 * Every "once" of the ledger is refused by the database at write time, whichever way the second
 * one comes: written directly in SQL, or asked of the ledger's own functions (which then answer
 * AlreadyPostedError, naming the guard). The code's own guards (a bill's guarded status change,
 * a partner reference's claim) are shown to hold too. Each attempt runs in a transaction that
 * never commits, so nothing of it stays; the ledger audit runs after every test.
 */

describe.each(backends)('exactly once, refused by the database, on $name', (backend) => {
  let buyer: Buyer;
  let wallet: bigint;
  let completed: Transaction;
  let processing: Transaction;
  const t = useTestApp(backend);
  beforeAll(async () => {
    buyer = await newBuyer(t, 5_000);
    wallet = await walletOf(t.ctx, buyer.userId);
    const mtn = await providerId(t, 'airtime', 'MTN');
    completed = (
      await buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN })
    ).body.data!;
    processing = (
      await buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary: '08030000005', amount: 100, pin: PIN })
    ).body.data!;
    expect([completed.status, processing.status]).toEqual(['completed', 'processing']);
  });

  /** What refused `write`: the guard (unique index) or constraint, else the error's message; 'accepted' when nothing did. */
  async function refusal(write: (tx: AppContext) => Promise<unknown>): Promise<string> {
    const error = await withoutCommitting(t.ctx, write);
    if (error === 'accepted') return error;
    if (error instanceof AlreadyPostedError) return error.guard;
    const { constraint, message } = error as { constraint?: string; message?: string };
    return constraint ?? message ?? String(error);
  }

  /** A movement written directly in SQL, as a code path that bypassed the ledger would. */
  const movementInSql =
    (
      kind: MovementKind,
      { transactionId = null, sourceRef = null }: { transactionId?: bigint | null; sourceRef?: string | null },
    ) =>
    (tx: AppContext) =>
      sql`INSERT INTO ledger_movements (kind, transaction_id, source_ref, created_at) VALUES (${kind}, ${transactionId}::bigint, ${sourceRef}::text, now())`.execute(
        tx.db,
      );

  const bill = (transaction: Transaction) => ({
    bill: BigInt(transaction.id),
    amountKobo: BigInt(transaction.amount * 100),
  });

  it('one hold per bill', async () => {
    expect(await refusal(movementInSql('purchase-reserve', { transactionId: BigInt(completed.id) }))).toBe(
      'ledger_movements_one_hold',
    );
    expect(await refusal(async (tx) => post(tx, await planHold(tx, { ...bill(processing), walletId: wallet })))).toBe(
      'ledger_movements_one_hold',
    );
  });

  it('at most one post or void per hold: a settled bill is not refunded, nor settled again', async () => {
    expect(await refusal(movementInSql('purchase-refund', { transactionId: BigInt(completed.id) }))).toBe(
      'ledger_movements_one_outcome',
    );
    expect(await refusal(movementInSql('purchase-settle', { transactionId: BigInt(completed.id) }))).toBe(
      'ledger_movements_one_outcome',
    );
    expect(await refusal(async (tx) => post(tx, await voidHold(tx, { ...bill(completed), walletId: wallet })))).toBe(
      'ledger_movements_one_outcome',
    );
    expect(await refusal(async (tx) => post(tx, await postHold(tx, { ...bill(completed), biller: 'simulated' })))).toBe(
      'ledger_movements_one_outcome',
    );
    // The code's own guard first: the settle of a final bill changes nothing.
    expect(await finalise(t.ctx, BigInt(completed.id), { status: 'failed', reason: 'a late answer' })).toBeNull();
  });

  it('a hold is posted or voided once, however many settles race', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        finalise(
          t.ctx,
          BigInt(processing.id),
          i % 2 ? { status: 'failed', reason: 'race' } : { status: 'delivered', receipt: {} },
        ),
      ),
    );
    expect(attempts.filter((row) => row !== null)).toHaveLength(1);
    const outcomes = await t.db
      .selectFrom('ledger_movements')
      .select('kind')
      .where('transaction_id', '=', BigInt(processing.id))
      .where('kind', 'in', ['purchase-settle', 'purchase-refund'])
      .execute();
    expect(outcomes).toHaveLength(1);
    // Settled now: a void of its hold, from any path, is refused.
    expect(await refusal(async (tx) => post(tx, await voidHold(tx, { ...bill(processing), walletId: wallet })))).toBe(
      'ledger_movements_one_outcome',
    );
  });

  it('nothing is posted or voided that was never held', async () => {
    const funding = await t.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', buyer.userId)
      .where('category', '=', 'funding')
      .executeTakeFirstOrThrow();
    expect(await refusal(movementInSql('purchase-refund', { transactionId: funding.id }))).toMatch(
      /has no hold to complete or release/,
    );
    expect(
      await refusal(async (tx) =>
        post(tx, await voidHold(tx, { bill: funding.id, amountKobo: 100n, walletId: wallet })),
      ),
    ).toMatch(/has no hold to complete or release/);
  });

  it('a late delivery is written off once per bill, and only after the bill was refunded', async () => {
    const mtn = await providerId(t, 'airtime', 'MTN');
    // Ends in 0001: declined and refunded at once.
    const refunded = (
      await buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary: '08031110001', amount: 100, pin: PIN })
    ).body.data!;
    expect(refunded.status).toBe('canceled');
    const lateDelivery = (transaction: Transaction) => ({ ...bill(transaction), biller: 'simulated' });
    expect(await refusal(async (tx) => post(tx, await writeOff(tx, lateDelivery(refunded))))).toBe('accepted');
    expect(
      await refusal(async (tx) => {
        await post(tx, await writeOff(tx, lateDelivery(refunded)));
        await post(tx, await writeOff(tx, lateDelivery(refunded)));
      }),
    ).toBe('ledger_movements_one_write_off');
    expect(await refusal(async (tx) => post(tx, await writeOff(tx, lateDelivery(completed))))).toMatch(
      /write-off of transaction \d+ that was never refunded/,
    );
    expect(await refusal(movementInSql('purchase-write-off', {}))).toBe('ledger_movements_guard_key');
  });

  it('one funding credit per partner reference', async () => {
    const transfer = await t.db
      .selectFrom('incoming_transfers')
      .innerJoin('virtual_accounts', 'virtual_accounts.id', 'incoming_transfers.virtual_account_id')
      .select([
        'incoming_transfers.provider',
        'incoming_transfers.reference',
        'incoming_transfers.amount_kobo',
        'virtual_accounts.account_number',
      ])
      .where('virtual_accounts.user_id', '=', buyer.userId)
      .executeTakeFirstOrThrow();
    const again = { from: 'partner', provider: transfer.provider, reference: transfer.reference } as const;
    expect(await refusal(movementInSql('funding', { sourceRef: `${transfer.provider}:${transfer.reference}` }))).toBe(
      'ledger_movements_one_funding',
    );
    expect(
      await refusal(async (tx) =>
        post(
          tx,
          await credit(tx, { walletId: wallet, amountKobo: transfer.amount_kobo, transactionId: null, source: again }),
        ),
      ),
    ).toBe('ledger_movements_one_funding');
    // The code's own guard first: the reference's claim answers a replay as a duplicate.
    const replay = {
      reference: transfer.reference,
      amountKobo: transfer.amount_kobo,
      accountNumber: transfer.account_number,
      senderName: 'Emeka Obi',
      senderBank: 'Access Bank',
      paidAt: t.clock.now(),
    };
    expect(await creditIncomingTransfer(t.ctx, transfer.provider, replay)).toEqual({
      status: 'duplicate',
      unmatched: false,
    });
  });

  it('one funding credit per partner reference, a card payment with its fee leg included', async () => {
    const card = {
      from: 'partner',
      provider: 'simulated',
      reference: `NWC-${newReference()}`,
      feeKobo: 7_500n,
    } as const;
    const twice = await refusal(async (tx) => {
      await post(tx, await credit(tx, { walletId: wallet, amountKobo: 500_000n, transactionId: null, source: card }));
      await post(tx, await credit(tx, { walletId: wallet, amountKobo: 500_000n, transactionId: null, source: card }));
    });
    expect(twice).toBe('ledger_movements_one_funding');
    // Without the fee or with another amount, the reference is still the one it was.
    const differently = await refusal(async (tx) => {
      await post(tx, await credit(tx, { walletId: wallet, amountKobo: 500_000n, transactionId: null, source: card }));
      await post(
        tx,
        await credit(tx, {
          walletId: wallet,
          amountKobo: 400_000n,
          transactionId: null,
          source: { ...card, feeKobo: undefined },
        }),
      );
    });
    expect(differently).toBe('ledger_movements_one_funding');
  });

  it('one cashback per bill', async () => {
    const cashback = await t.db
      .selectFrom('transactions')
      .select(['id', 'amount_kobo'])
      .where('rewarded_transaction_id', '=', BigInt(completed.id))
      .executeTakeFirstOrThrow();
    expect(await refusal(movementInSql('cashback', { transactionId: cashback.id }))).toBe(
      'ledger_movements_one_cashback',
    );
    expect(
      await refusal(async (tx) =>
        post(
          tx,
          await credit(tx, {
            walletId: wallet,
            amountKobo: cashback.amount_kobo,
            transactionId: cashback.id,
            source: { from: 'cashback' },
          }),
        ),
      ),
    ).toBe('ledger_movements_one_cashback');
    // A second cashback transaction for the bill, to credit a second time, is refused as well.
    const secondCashback = (tx: AppContext) =>
      tx.db
        .insertInto('transactions')
        .values({
          user_id: buyer.userId,
          category: 'cashback',
          amount_kobo: 200n,
          status: 'completed',
          reference: `${completed.reference}-CB2`,
          rewarded_transaction_id: BigInt(completed.id),
          created_at: t.clock.now(),
          updated_at: t.clock.now(),
        })
        .execute();
    expect(await refusal(secondCashback)).toBe('transactions_rewarded_transaction_id_key');
    // And cashback that names no bill.
    expect(
      await refusal((tx) =>
        tx.db
          .insertInto('transactions')
          .values({
            user_id: buyer.userId,
            category: 'cashback',
            amount_kobo: 200n,
            status: 'completed',
            reference: 'CB-NO-BILL',
            created_at: t.clock.now(),
            updated_at: t.clock.now(),
          })
          .execute(),
      ),
    ).toBe('transactions_cashback_names_its_bill');
  });

  it('a payment to an account nobody has is held in suspense once and released once: matched or returned, not both', async () => {
    const reference = newReference();
    const payment = { provider: 'simulated', reference, amountKobo: 70_000n };
    const twice = await refusal(async (tx) => {
      await post(tx, await moveBetweenSystemAccounts(tx, { move: 'suspend', ...payment }));
      await post(tx, await moveBetweenSystemAccounts(tx, { move: 'suspend', ...payment }));
    });
    expect(twice).toBe('ledger_movements_one_suspense_hold');
    const matchedThenReturned = await refusal(async (tx) => {
      await post(tx, await moveBetweenSystemAccounts(tx, { move: 'suspend', ...payment }));
      await post(
        tx,
        await credit(tx, {
          walletId: wallet,
          amountKobo: payment.amountKobo,
          transactionId: null,
          source: { from: 'suspense', provider: payment.provider, reference },
        }),
      );
      await post(tx, await moveBetweenSystemAccounts(tx, { move: 'return-to-sender', ...payment }));
    });
    expect(matchedThenReturned).toBe('ledger_movements_one_suspense_release');
    expect(await refusal(movementInSql('suspense-return', {}))).toBe('ledger_movements_guard_key');
  });

  it("an operator's adjustment moves money once per action, credit or debit", async () => {
    const action = `adjustment-${newReference()}`;
    const twice = await refusal(async (tx) => {
      await post(
        tx,
        await credit(tx, {
          walletId: wallet,
          amountKobo: 500n,
          transactionId: null,
          source: { from: 'goodwill', action },
        }),
      );
      await post(tx, await debit(tx, { walletId: wallet, amountKobo: 500n, transactionId: null, action }));
    });
    expect(twice).toBe('ledger_movements_one_adjustment');
    expect(await refusal(movementInSql('goodwill-debit', {}))).toBe('ledger_movements_guard_key');
  });

  it('a movement must be of a kind the database knows, with the key its guard reads', async () => {
    expect(
      await refusal((tx) =>
        sql`INSERT INTO ledger_movements (kind, source_ref, created_at) VALUES ('forged', 'forged:1', now())`.execute(
          tx.db,
        ),
      ),
    ).toBe('ledger_movements_kind_known');
    expect(await refusal(movementInSql('purchase-refund', {}))).toBe('ledger_movements_guard_key');
    expect(await refusal(movementInSql('funding', {}))).toBe('ledger_movements_guard_key');
  });
});
