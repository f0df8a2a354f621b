import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoneyRequest, SuspendedTransfer } from '../../../core/console';
import { goodwill, matchToCustomer, returnToSender } from '../../../server/console/services/moneyMovements';
import type { AppError } from '../../../server/errors';
import type { AppContext } from '../../../server/services/context';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { chargeSuccess, createAccounts, deliver, newReference } from '../../support/api/bank';
import { systemBalance, withoutCommitting } from '../../support/api/ledger';
import { balance } from '../../support/api/purchases';
import { customerIdOf, ops, staffMember, type StaffMember } from '../../support/api/staff';

const NOBODY = '0000014579';

/**
 * Money moved by staff: only through a request one finance user makes and another approves,
 * each re-authenticating with their code; the money moves once whatever is replayed; the ledger
 * audit stays clean after every test (useTestApp audits it).
 */
describe.each(backends)('maker-checker money actions on $name', (backend) => {
  let maker: StaffMember;
  let checker: StaffMember;
  let admin: StaffMember;
  let customer: SignedUp & { id: number };
  const t = useTestApp(backend);
  beforeAll(async () => {
    const signedUp = await signUp(t);
    customer = { ...signedUp, id: await customerIdOf(t, signedUp.email) };
    await createAccounts(t, customer.token);
    [maker, checker, admin] = [
      await staffMember(t, 'finance'),
      await staffMember(t, 'finance'),
      await staffMember(t, 'admin'),
    ];
  });

  /** A transfer to a number nobody has: held in suspense. */
  async function suspended(amountKobo = 250_000): Promise<SuspendedTransfer> {
    const reference = newReference();
    await deliver(
      t,
      JSON.stringify(
        chargeSuccess(t, {
          accountNumber: NOBODY,
          amount: amountKobo,
          reference,
          senderName: 'Kemi Adebayo',
          senderBank: 'Access Bank',
        }),
      ),
    );
    const queue = await ops<SuspendedTransfer[]>(t, 'suspense/list', {}, maker.token);
    return queue.body.data!.find((transfer) => transfer.reference === reference)!;
  }

  const request = async (body: Record<string, unknown>, by = maker) =>
    ops<MoneyRequest>(
      t,
      'money/requests/create',
      { reason: 'The customer sent it to an old account number', ...body, code: await by.code() },
      by.token,
    );
  const approve = async (id: number, by = checker) =>
    ops<MoneyRequest>(t, 'money/requests/approve', { request_id: id, code: await by.code() }, by.token);
  const movements = async () =>
    Number(
      (await sql<{ count: string }>`SELECT count(*)::text AS count FROM ledger_movements`.execute(t.db)).rows[0].count,
    );

  it('matches a suspended transfer to its customer only once a different finance user approves it, and the balance moves once', async () => {
    const transfer = await suspended();
    const before = await balance(t, customer.token);
    const suspense = await systemBalance(t.db, { suspense: 'simulated' });
    const asked = await request({
      kind: 'suspense-match',
      incoming_transfer_id: transfer.incoming_transfer_id,
      customer_id: customer.id,
    });
    expect(asked.status, asked.body.message).toBe(201);
    expect(asked.body.data).toMatchObject({ status: 'pending', amount: 2500, needs_admin: false });
    expect(await balance(t, customer.token)).toBe(before);

    // The maker cannot approve their own request, and is told why; nothing moves.
    const own = await approve(asked.body.data!.id, maker);
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/another finance user/);
    expect(await balance(t, customer.token)).toBe(before);

    const approved = await approve(asked.body.data!.id);
    expect(approved.status, approved.body.message).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', checker: checker.email });
    expect(await balance(t, customer.token)).toBe(before + 2500);
    expect(await systemBalance(t.db, { suspense: 'simulated' })).toBe(suspense - 250_000n);
    expect(t.outbox.list(customer.email).some((mail) => mail.subject === 'Wallet funded: ₦2,500.00')).toBe(true);

    // Replaying the approval (same checker, another checker, an admin) does nothing.
    const count = await movements();
    for (const by of [checker, admin]) {
      const replay = await approve(asked.body.data!.id, by);
      expect(replay.status).toBe(409);
    }
    expect(await movements()).toBe(count);
    expect(await balance(t, customer.token)).toBe(before + 2500);
    expect(
      (await ops<SuspendedTransfer[]>(t, 'suspense/list', {}, maker.token)).body.data!.some(
        (row) => row.incoming_transfer_id === transfer.incoming_transfer_id,
      ),
    ).toBe(false);
  });

  it('moves the money once when two checkers approve at the same moment', async () => {
    const transfer = await suspended(10_000);
    const asked = await request({
      kind: 'suspense-match',
      incoming_transfer_id: transfer.incoming_transfer_id,
      customer_id: customer.id,
    });
    const before = await balance(t, customer.token);
    const [codeA, codeB] = [await checker.code(), await admin.code()];
    const answers = await Promise.all([
      ops(t, 'money/requests/approve', { request_id: asked.body.data!.id, code: codeA }, checker.token),
      ops(t, 'money/requests/approve', { request_id: asked.body.data!.id, code: codeB }, admin.token),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await balance(t, customer.token)).toBe(before + 100);
  });

  /** How a write was refused ('<status> <message>'), or 'accepted'; it runs in a transaction that never commits. */
  async function refusal(write: (tx: AppContext) => Promise<unknown>): Promise<string> {
    const error = await withoutCommitting(t.ctx, write);
    if (error === 'accepted') return error;
    const { status, message } = error as AppError;
    return `${status} ${message}`;
  }

  it("refuses a replayed approval in the database too: past the code's status changes, the movement's once-guard stops it", async () => {
    const [matched, returned] = [await suspended(40_000), await suspended(30_000)];
    const match = await request({
      kind: 'suspense-match',
      incoming_transfer_id: matched.incoming_transfer_id,
      customer_id: customer.id,
    });
    const sendBack = await request({ kind: 'suspense-return', incoming_transfer_id: returned.incoming_transfer_id });
    const given = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '40' });
    for (const asked of [match, sendBack, given]) expect((await approve(asked.body.data!.id)).status).toBe(200);
    const [count, before] = [await movements(), await balance(t, customer.token)];

    // As if a bug let the replay through the code's guards: the transfer back in suspense, the request run again.
    const customerId = BigInt(customer.id);
    const again = (id: bigint, move: (tx: AppContext) => Promise<unknown>) => async (tx: AppContext) => {
      await tx.db
        .updateTable('unmatched_transfers')
        .set({ status: 'unmatched', resolved_at: null })
        .where('incoming_transfer_id', '=', id)
        .execute();
      return move(tx);
    };
    const ALREADY = '409 this money was already moved: nothing was done';
    for (const transfer of [matched, returned]) {
      const id = BigInt(transfer.incoming_transfer_id);
      expect(await refusal(again(id, (tx) => matchToCustomer(tx, id, customerId)))).toBe(ALREADY);
      expect(await refusal(again(id, (tx) => returnToSender(tx, id)))).toBe(ALREADY);
    }
    const requestId = BigInt(given.body.data!.id);
    expect(await refusal((tx) => goodwill(tx, { customerId, amountKobo: 4_000n, requestId, credit: true }))).toBe(
      ALREADY,
    );
    expect(await refusal((tx) => goodwill(tx, { customerId, amountKobo: 4_000n, requestId, credit: false }))).toBe(
      ALREADY,
    );
    expect(await movements()).toBe(count);
    expect(await balance(t, customer.token)).toBe(before);
  });

  it('records a return to the sender: suspense back to the partner, nobody credited', async () => {
    const transfer = await suspended(75_000);
    const settlement = await systemBalance(t.db, { settlement: 'simulated' });
    const asked = await request({ kind: 'suspense-return', incoming_transfer_id: transfer.incoming_transfer_id });
    expect((await approve(asked.body.data!.id)).status).toBe(200);
    expect(await systemBalance(t.db, { settlement: 'simulated' })).toBe(settlement + 75_000n);
    // One open request per transfer, and a transfer leaves suspense once.
    expect(
      (
        await request({
          kind: 'suspense-match',
          incoming_transfer_id: transfer.incoming_transfer_id,
          customer_id: customer.id,
        })
      ).status,
    ).toBe(409);
  });

  it('gives a goodwill credit and takes a debit, never below zero; above the threshold only an admin approves', async () => {
    const before = await balance(t, customer.token);
    const credit = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '300' });
    expect((await approve(credit.body.data!.id)).status).toBe(200);
    expect(await balance(t, customer.token)).toBe(before + 300);
    expect(await systemBalance(t.db, 'goodwill')).toBeLessThan(0n);

    const tooMuch = await request({ kind: 'goodwill-debit', customer_id: customer.id, amount: String(before + 1_000) });
    const refused = await approve(tooMuch.body.data!.id);
    expect(refused.status).toBe(409);
    expect(await balance(t, customer.token)).toBe(before + 300);

    const debit = await request({ kind: 'goodwill-debit', customer_id: customer.id, amount: '300' });
    expect((await approve(debit.body.data!.id)).status).toBe(200);
    expect(await balance(t, customer.token)).toBe(before);

    const large = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '150000' });
    expect(large.body.data!.needs_admin).toBe(true);
    const byFinance = await approve(large.body.data!.id);
    expect(byFinance.status).toBe(403);
    expect(byFinance.body.message).toMatch(/an admin must approve/);
    expect(
      (
        await ops(
          t,
          'money/requests/reject',
          { request_id: large.body.data!.id, note: 'Too large for goodwill' },
          admin.token,
        )
      ).status,
    ).toBe(200);
    expect(await balance(t, customer.token)).toBe(before);
  });

  it('takes a goodwill amount as naira text, to the kobo, as the app sends its amounts', async () => {
    const asked = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '12.34' });
    expect(asked.status, asked.body.message).toBe(201);
    expect(asked.body.data).toMatchObject({ amount: 12.34 });
    const kobo = await t.db
      .selectFrom('money_requests')
      .select('amount_kobo')
      .where('id', '=', BigInt(asked.body.data!.id))
      .executeTakeFirstOrThrow();
    expect(kobo.amount_kobo).toBe(1_234n);
    expect((await ops(t, 'money/requests/cancel', { request_id: asked.body.data!.id }, maker.token)).status).toBe(200);
    const threeDecimals = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '12.345' });
    expect(threeDecimals.status).toBe(422);
    expect(threeDecimals.body.message).toBe('amount must be a naira amount with at most two decimals');
  });

  it('refuses a kind of request it does not know, naming the four it takes', async () => {
    const unknown = await request({ kind: 'goodwill', customer_id: customer.id, amount: '50' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(
      'kind must be suspense-match, suspense-return, goodwill-credit or goodwill-debit',
    );
  });

  it('asks for the code before a money action: a wrong or reused code moves nothing', async () => {
    const wrong = await ops(
      t,
      'money/requests/create',
      {
        kind: 'goodwill-credit',
        customer_id: customer.id,
        amount: '50',
        reason: 'A reason long enough',
        code: '000000',
      },
      maker.token,
    );
    expect(wrong.status).toBe(403);
    const asked = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '50' });
    const code = await checker.code();
    expect(
      (await ops(t, 'money/requests/approve', { request_id: asked.body.data!.id, code }, checker.token)).status,
    ).toBe(200);
    const next = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '50' });
    const reused = await ops(t, 'money/requests/approve', { request_id: next.body.data!.id, code }, checker.token);
    expect(reused.status).toBe(403);
    expect(reused.body.message).toMatch(/already used/);
    expect((await ops(t, 'money/requests/cancel', { request_id: next.body.data!.id }, maker.token)).status).toBe(200);
  });

  it('keeps taking requests once PostgreSQL plans the request statement generically (after five runs on a connection)', async () => {
    for (let n = 0; n < 8; n++) {
      const asked = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '10' });
      expect(asked.status, asked.body.message).toBe(201);
      expect((await ops(t, 'money/requests/cancel', { request_id: asked.body.data!.id }, maker.token)).status).toBe(
        200,
      );
    }
  });

  it('lets a request expire: past the time limit nobody can approve it', async () => {
    const asked = await request({ kind: 'goodwill-credit', customer_id: customer.id, amount: '20' });
    t.clock.advance(t.config.ops.approvalWindowMs + 1);
    // Staff sessions end after 15 idle minutes: the checker signs in again, as a person would.
    const fresh = await staffMember(t, 'finance');
    const late = await approve(asked.body.data!.id, fresh);
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/expired/);
    [maker, checker, admin] = [
      await staffMember(t, 'finance'),
      await staffMember(t, 'finance'),
      await staffMember(t, 'admin'),
    ];
  });

  it('works a reconciliation mismatch: acknowledged, then resolved with a note, never moving money', async () => {
    const found = await t.db
      .insertInto('reconciliation_mismatches')
      .values({
        day: '2026-11-25',
        counterparty: 'bank:simulated',
        kind: 'not-credited',
        reference: newReference(),
        our_amount_kobo: null,
        their_amount_kobo: 500_000n,
        detail: 'the partner lists a payment we did not credit',
        found_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const count = await movements();
    const work = (status: string, note: string) =>
      ops<{ status: string; note: string }>(
        t,
        'reconciliation/work',
        { kind: 'mismatch', id: Number(found.id), status, note },
        maker.token,
      );
    expect((await work('acknowledged', 'Asked the partner for the sender')).body.data).toMatchObject({
      status: 'acknowledged',
    });
    expect((await work('resolved', 'Matched from suspense, request 12')).body.data).toMatchObject({
      status: 'resolved',
      note: 'Matched from suspense, request 12',
    });
    expect((await work('acknowledged', 'again')).status).toBe(409);
    expect(await movements()).toBe(count);
  });

  // The console's queue shows 200 items; the one just worked is answered even when it is not among them
  // (it answered success with no item before this was fixed).
  it('answers the item it worked even when the queue it shows is full of newer open ones', async () => {
    const mismatch = (reference: string) => ({
      day: '2026-11-24',
      counterparty: 'bank:simulated',
      kind: 'not-credited' as const,
      reference,
      our_amount_kobo: null,
      their_amount_kobo: 100_000n,
      detail: 'the partner lists a payment we did not credit',
      found_at: t.clock.now(),
    });
    const oldest = await t.db
      .insertInto('reconciliation_mismatches')
      .values(mismatch(newReference()))
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('reconciliation_mismatches')
      .values(Array.from({ length: 200 }, () => mismatch(newReference())))
      .execute();
    const worked = await ops<{ id: number; status: string; note: string }>(
      t,
      'reconciliation/work',
      { kind: 'mismatch', id: Number(oldest.id), status: 'resolved', note: 'A duplicate row' },
      maker.token,
    );
    expect(worked.status).toBe(200);
    expect(worked.body.data).toMatchObject({ id: Number(oldest.id), status: 'resolved', note: 'A duplicate row' });
  });

  it('records every money action in the audit with who, what and the request', async () => {
    const audit = await ops<{ action: string; actor: string }[]>(t, 'audit/list', { action: 'money.' }, admin.token);
    const actions = audit.body.data!.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['money.request', 'money.approve', 'money.reject', 'money.cancel']));
  });
});
