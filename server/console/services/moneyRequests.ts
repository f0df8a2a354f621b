import { sql } from 'kysely';
import { allows, type MoneyRequest, type MoneyRequestKind, type StaffRole } from '../../../core/console';
import { formatNaira, koboToNaira } from '../../../core/money';
import { AppError, must } from '../../errors';
import { inTransaction, type AppContext } from '../../services/context';
import { queueFundingReceipts } from '../../services/funding/funding';
import { recordAudit } from './audit';
import { existingCustomer } from './customerRecord';
import { goodwill, matchToCustomer, returnToSender, type Moved } from './moneyMovements';
import { confirmCode, type FactorProof } from './secondFactor';
import { reauthenticated } from './signIn';
import { refuseDependentChecker } from './staffChanges';

/**
 * Maker-checker for money (ASVS 2.3.5): a finance user asks, re-authenticating with their
 * second factor; a *different* finance user approves, re-authenticating too, before the request
 * expires; above the admin threshold only an admin may approve. Only the approval moves money
 * (moneyMovements.ts), in the transaction that records it, behind a guarded status change:
 * an approval sent twice, or by two checkers at once, moves the money once. The database holds
 * the same rule under the code's: each movement is once per held transfer or per request.
 */

export interface MoneyRules {
  /** How long a request waits for its checker. */
  approvalWindowMs: number;
  /** Above this, only an admin may approve. */
  adminAboveKobo: bigint;
}

/** The most one goodwill action may move: a larger correction is a matter for a process, not a button. */
export const GOODWILL_MAX_KOBO = 50_000_000n;

export interface StaffActor {
  staffId: bigint;
  email: string;
  role: StaffRole;
  address: string;
}

export interface NewRequest {
  kind: MoneyRequestKind;
  amountKobo?: bigint;
  customerId?: bigint;
  incomingTransferId?: bigint;
  reason: string;
  code: FactorProof;
}

const ALREADY_PENDING = 'a request for this transfer is already waiting for approval';

/** Pending requests past their time are expired first, so they neither block nor get approved. */
async function expireOverdue(tx: AppContext) {
  await tx.db
    .updateTable('money_requests')
    .set({ status: 'expired' })
    .where('status', '=', 'pending')
    .where('expires_at', '<=', tx.clock.now())
    .execute();
}

/** What a request moves and for whom, checked against the suspended transfer it names, if any. */
async function subjectOf(
  tx: AppContext,
  request: NewRequest,
): Promise<{ amountKobo: bigint; customerId: bigint | null; incomingTransferId: bigint | null }> {
  if (request.kind === 'suspense-match' || request.kind === 'suspense-return') {
    if (request.incomingTransferId === undefined) throw new AppError(422, 'incoming_transfer_id is required');
    const transfer = await tx.db
      .selectFrom('unmatched_transfers as u')
      .innerJoin('incoming_transfers as i', 'i.id', 'u.incoming_transfer_id')
      .select(['i.amount_kobo', 'u.status'])
      .where('u.incoming_transfer_id', '=', request.incomingTransferId)
      .executeTakeFirst();
    if (!transfer) throw new AppError(404, 'no such transfer in suspense');
    if (transfer.status !== 'unmatched') throw new AppError(409, 'this transfer is no longer in suspense');
    const customerId = request.kind === 'suspense-match' ? await matchedCustomer(tx, request.customerId) : null;
    return { amountKobo: transfer.amount_kobo, customerId, incomingTransferId: request.incomingTransferId };
  }
  if (request.customerId === undefined) throw new AppError(422, 'customer_id is required');
  if (request.amountKobo === undefined) throw new AppError(422, 'amount is required');
  if (request.amountKobo > GOODWILL_MAX_KOBO)
    throw new AppError(
      422,
      `a goodwill ${request.kind === 'goodwill-credit' ? 'credit' : 'debit'} may be at most ` +
        `${formatNaira(koboToNaira(GOODWILL_MAX_KOBO))}`,
    );
  await existingCustomer(tx, request.customerId);
  return { amountKobo: request.amountKobo, customerId: request.customerId, incomingTransferId: null };
}

/** The customer a match credits: one the request names, and who exists. */
async function matchedCustomer(tx: AppContext, customerId: bigint | undefined): Promise<bigint> {
  if (customerId === undefined) throw new AppError(422, 'customer_id is required: whom is the transfer for?');
  await existingCustomer(tx, customerId);
  return customerId;
}

/** Asks for a money action; nothing moves until another finance user approves it. */
export async function requestMoney(
  ctx: AppContext,
  maker: StaffActor,
  request: NewRequest,
  rules: MoneyRules,
): Promise<MoneyRequest> {
  return reauthenticated(ctx, maker, () => placeRequest(ctx, maker, request, rules));
}

async function placeRequest(
  ctx: AppContext,
  maker: StaffActor,
  request: NewRequest,
  rules: MoneyRules,
): Promise<MoneyRequest> {
  return inTransaction(ctx, async (tx) => {
    await confirmCode(tx, maker.staffId, request.code);
    await expireOverdue(tx);
    const subject = await subjectOf(tx, request);
    const now = tx.clock.now();
    const created = await tx.db
      .insertInto('money_requests')
      .values({
        kind: request.kind,
        amount_kobo: subject.amountKobo,
        customer_id: subject.customerId,
        incoming_transfer_id: subject.incomingTransferId,
        reason: request.reason,
        needs_admin: subject.amountKobo > rules.adminAboveKobo,
        maker_id: maker.staffId,
        created_at: now,
        expires_at: new Date(now.getTime() + rules.approvalWindowMs),
      })
      // The partial index's predicate as a literal: a parameter there would not match the index
      // once PostgreSQL plans the prepared statement generically (after its fifth run on a connection).
      .onConflict((conflict) =>
        conflict.column('incoming_transfer_id').where('status', '=', sql.lit('pending')).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!created) throw new AppError(409, ALREADY_PENDING);
    const [answer] = await listMoneyRequests(tx, { requestId: created.id });
    await recordAudit(tx, maker, {
      action: 'money.request',
      customerId: subject.customerId,
      subject: `request:${created.id}`,
      after: answer,
    });
    return answer;
  });
}

/**
 * The refusals of a checker, before their code is taken (a refused approval spends no code): the
 * maker, by their own id or under another name (an identity they made, or one that just changed).
 */
async function checkChecker(
  tx: AppContext,
  row: { maker_id: bigint; needs_admin: boolean; amount_kobo: bigint },
  checker: StaffActor,
  rules: MoneyRules,
) {
  if (row.maker_id === checker.staffId)
    throw new AppError(403, 'you asked for this yourself: another finance user must approve it');
  if (!allows(checker.role, 'money.decide')) throw new AppError(403, 'only finance staff may approve money actions');
  if (row.needs_admin && checker.role !== 'admin')
    throw new AppError(
      403,
      `above ${formatNaira(koboToNaira(rules.adminAboveKobo))} an admin must approve this request`,
    );
  await refuseDependentChecker(tx, checker.staffId, row.maker_id);
}

/** The pending request, locked for this decision; 409 when it was decided (a replay changes nothing) or has expired. */
async function pendingRequest(tx: AppContext, requestId: bigint) {
  const row = await tx.db
    .selectFrom('money_requests')
    .select([
      'id',
      'kind',
      'status',
      'amount_kobo',
      'customer_id',
      'incoming_transfer_id',
      'needs_admin',
      'maker_id',
      'expires_at',
    ])
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'no such request');
  if (row.status === 'pending' && row.expires_at <= tx.clock.now()) {
    await tx.db
      .updateTable('money_requests')
      .set({ status: 'expired' })
      .where('id', '=', requestId)
      .where('status', '=', 'pending')
      .execute();
    throw new AppError(409, 'this request has expired: ask again if it is still needed');
  }
  if (row.status !== 'pending') throw new AppError(409, `this request was already ${row.status}: nothing was done`);
  return row;
}

/** What money_requests' CHECKs hold of a stored request (037_money_requests.sql), which executing it relies on. */
const NAMES_TRANSFER = 'a suspense request names its transfer (money_requests CHECK)';
const NAMES_CUSTOMER = 'a match or goodwill request names its customer (money_requests CHECK)';

async function execute(
  tx: AppContext,
  row: {
    id: bigint;
    kind: MoneyRequestKind;
    amount_kobo: bigint;
    customer_id: bigint | null;
    incoming_transfer_id: bigint | null;
  },
): Promise<Moved> {
  switch (row.kind) {
    case 'suspense-match':
      return matchToCustomer(tx, must(row.incoming_transfer_id, NAMES_TRANSFER), must(row.customer_id, NAMES_CUSTOMER));
    case 'suspense-return':
      return returnToSender(tx, must(row.incoming_transfer_id, NAMES_TRANSFER));
    case 'goodwill-credit':
    case 'goodwill-debit': {
      const customerId = must(row.customer_id, NAMES_CUSTOMER);
      const credit = row.kind === 'goodwill-credit';
      return goodwill(tx, { customerId, amountKobo: row.amount_kobo, requestId: row.id, credit });
    }
  }
}

/**
 * Approves a request and moves its money, once. Answers the request as decided; a match queues
 * the customer's funding receipt in the same transaction.
 */
export async function approveMoney(
  ctx: AppContext,
  checker: StaffActor,
  requestId: bigint,
  code: FactorProof,
  rules: MoneyRules,
): Promise<MoneyRequest> {
  return reauthenticated(ctx, checker, () => decideApproval(ctx, checker, requestId, code, rules));
}

/** The approval's transaction: the request locked and checked, the checker's code taken, the money moved once. */
async function decideApproval(
  ctx: AppContext,
  checker: StaffActor,
  requestId: bigint,
  code: FactorProof,
  rules: MoneyRules,
) {
  return inTransaction(ctx, async (tx) => {
    const row = await pendingRequest(tx, requestId);
    await checkChecker(tx, row, checker, rules);
    await confirmCode(tx, checker.staffId, code);
    const moved = await execute(tx, row);
    const decided = await tx.db
      .updateTable('money_requests')
      .set({
        status: 'approved',
        checker_id: checker.staffId,
        decided_at: tx.clock.now(),
        movement_id: moved.movementId,
        transaction_id: moved.transaction?.id ?? null,
      })
      .where('id', '=', requestId)
      .where('status', '=', 'pending')
      .returning('id')
      .executeTakeFirst();
    if (!decided) throw new AppError(409, 'this request was decided meanwhile: nothing was done');
    const [after] = await listMoneyRequests(tx, { requestId });
    await recordAudit(tx, checker, {
      action: 'money.approve',
      customerId: row.customer_id,
      subject: `request:${requestId}`,
      before: { status: 'pending' },
      after: { ...after, movement_id: moved.movementId },
    });
    if (row.kind === 'suspense-match' && moved.transaction) await queueFundingReceipts(tx, moved.transaction);
    return after;
  });
}

/** The checker turns a request down, saying why; nothing moves. */
export async function rejectMoney(
  ctx: AppContext,
  checker: StaffActor,
  requestId: bigint,
  note: string,
  rules: MoneyRules,
): Promise<MoneyRequest> {
  return inTransaction(ctx, async (tx) => {
    const row = await pendingRequest(tx, requestId);
    if (row.maker_id === checker.staffId) throw new AppError(403, 'you asked for this yourself: cancel it instead');
    await checkChecker(tx, { ...row, needs_admin: false }, checker, rules);
    await tx.db
      .updateTable('money_requests')
      .set({ status: 'rejected', checker_id: checker.staffId, decided_at: tx.clock.now(), decision_note: note })
      .where('id', '=', requestId)
      .execute();
    const [after] = await listMoneyRequests(tx, { requestId });
    await recordAudit(tx, checker, {
      action: 'money.reject',
      customerId: row.customer_id,
      subject: `request:${requestId}`,
      before: { status: 'pending' },
      after,
    });
    return after;
  });
}

/** The maker withdraws their own request. */
export async function cancelMoney(ctx: AppContext, maker: StaffActor, requestId: bigint): Promise<MoneyRequest> {
  return inTransaction(ctx, async (tx) => {
    const row = await pendingRequest(tx, requestId);
    if (row.maker_id !== maker.staffId) throw new AppError(403, 'only the person who asked may cancel a request');
    await tx.db
      .updateTable('money_requests')
      .set({ status: 'cancelled', decided_at: tx.clock.now() })
      .where('id', '=', requestId)
      .execute();
    const [after] = await listMoneyRequests(tx, { requestId });
    await recordAudit(tx, maker, {
      action: 'money.cancel',
      customerId: row.customer_id,
      subject: `request:${requestId}`,
      before: { status: 'pending' },
      after,
    });
    return after;
  });
}

interface RequestFilter {
  requestId?: bigint;
  customerId?: bigint;
  /** Pending first, then the most recent decisions. */
  queue?: boolean;
}

/** Requests as the console shows them; a pending one past its time reads as expired. */
export async function listMoneyRequests(ctx: AppContext, filter: RequestFilter): Promise<MoneyRequest[]> {
  let query = ctx.db
    .selectFrom('money_requests as r')
    .innerJoin('staff as maker', 'maker.id', 'r.maker_id')
    .leftJoin('staff as checker', 'checker.id', 'r.checker_id')
    .leftJoin('users as u', 'u.id', 'r.customer_id')
    .leftJoin('incoming_transfers as i', 'i.id', 'r.incoming_transfer_id')
    .select([
      'r.id',
      'r.kind',
      'r.status',
      'r.amount_kobo',
      'r.reason',
      'r.needs_admin',
      'r.maker_id',
      'r.created_at',
      'r.expires_at',
      'r.decided_at',
      'r.decision_note',
      'r.customer_id',
    ])
    .select([
      'maker.email as maker',
      'checker.email as checker',
      'u.name as customer_name',
      'u.email as customer_email',
      'i.provider',
      'i.reference',
      'i.sender_name',
    ])
    .limit(100);
  if (filter.requestId !== undefined) query = query.where('r.id', '=', filter.requestId);
  if (filter.customerId !== undefined)
    query = query.where('r.customer_id', '=', filter.customerId).orderBy('r.id', 'desc');
  if (filter.queue) query = query.orderBy(sql`r.status = 'pending'`, 'desc').orderBy('r.id', 'desc');
  const now = ctx.clock.now();
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    status: row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status,
    amount: koboToNaira(row.amount_kobo),
    customer:
      row.customer_id === null
        ? null
        : { id: Number(row.customer_id), name: row.customer_name ?? '', email: row.customer_email ?? '' },
    transfer:
      row.reference === null
        ? null
        : { provider: row.provider ?? '', reference: row.reference, sender_name: row.sender_name ?? '' },
    reason: row.reason,
    needs_admin: row.needs_admin,
    maker: row.maker,
    maker_id: Number(row.maker_id),
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    checker: row.checker,
    decided_at: row.decided_at?.toISOString() ?? null,
    decision_note: row.decision_note,
  }));
}
