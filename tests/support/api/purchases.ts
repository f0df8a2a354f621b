import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Transaction, UserData } from '../../../core/contract';
import { cashbackKobo, serviceOfCategory, type ServiceCategory } from '../../../core/services';
import type { Bill, BillOutcome } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import type { PurchaseDeps } from '../../../server/services/purchases/billerCalls';
import { signUpWithPin, verifyIdentities, type SignedUp } from './accounts';
import type { Reply, TestApp } from './app';
import { createAccounts, devTransfer, userIdOf } from './bank';

export const PIN = '4826';

export interface Buyer extends SignedUp {
  userId: bigint;
  accountNumber: string;
}

/**
 * A verified user with pin PIN and, when `naira` > 0, a wallet funded by one bank transfer.
 * Tier 3 (BVN and NIN verified) unless `tier` 1 is asked for: the daily limit of tier 1 is
 * what tiers.test.ts tests, and would stand in the way of the tests of everything else.
 */
export async function newBuyer(
  t: TestApp,
  naira = 0,
  { tier = 3, phone }: { tier?: 1 | 3; phone?: string } = {},
): Promise<Buyer> {
  const account = await signUpWithPin(t, PIN, phone ? { phone } : {});
  if (tier === 3) await verifyIdentities(t, account);
  const [first] = await createAccounts(t, account.token);
  if (naira > 0) await fund(t, first.account_number, naira);
  return { ...account, userId: await userIdOf(t, account.email), accountNumber: first.account_number };
}

export async function fund(t: TestApp, accountNumber: string, naira: number) {
  const reply = await devTransfer(t, { account_number: accountNumber, amount: naira });
  expect(reply.body.data?.status, reply.body.message).toBe('credited');
}

export const newKey = () => `key-${randomUUID()}`;

/** POST /api/<category> with an Idempotency-Key (a fresh one unless given; null sends none). */
export function buy(
  t: TestApp,
  token: string,
  category: string,
  body: unknown,
  key: string | null = newKey(),
): Promise<Reply<Transaction>> {
  return t.call<Transaction>(`/api/${category}`, {
    token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });
}

export async function balance(t: TestApp, token: string): Promise<number> {
  const reply = await t.call<UserData>('/api/get-user', { token });
  return reply.body.data!.wallet_balance;
}

/** A provider's id by category and name. */
export async function providerId(t: TestApp, category: string, name: string): Promise<number> {
  return (
    await t.db
      .selectFrom('providers')
      .select('id')
      .where('category', '=', category)
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
}

/** A package's id and price (naira) by its name. */
export async function packageOf(t: TestApp, name: string): Promise<{ id: number; providerId: number; amount: number }> {
  const row = await t.db
    .selectFrom('packages')
    .select(['id', 'provider_id', 'amount_kobo'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { id: row.id, providerId: row.provider_id, amount: Number(row.amount_kobo) / 100 };
}

/** The service dependencies the app uses by default, for calling the requery job directly: its timeout on the test's clock. */
export const purchaseDeps = (t: TestApp): PurchaseDeps => ({
  biller: new SimulatedBiller(),
  billerTimeoutMs: t.config.billerTimeoutMs,
  timeouts: t.clock,
});

/** Past the point where the requery job and refresh-transaction may ask about a bill. */
export const pastRequeryDelay = (t: TestApp) => t.clock.advance(t.config.billerTimeoutMs + 5_000);

/** Row counts of every table a purchase writes. */
export async function purchaseRowCounts(t: TestApp) {
  const counts: Record<string, bigint> = {};
  for (const table of [
    'transactions',
    'purchases',
    'idempotency_keys',
    'ledger_movements',
    'ledger_entries',
    'notifications',
  ] as const) {
    counts[table] = (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
  }
  return counts;
}

/**
 * What a completed bill of `naira` costs the wallet once its cashback is credited (core/services.ts
 * rates): the figure balance checks expect after a delivered purchase of the category.
 */
export function netCost(category: ServiceCategory, naira: number): number {
  const kobo = BigInt(Math.round(naira * 100));
  return Number(kobo - cashbackKobo(serviceOfCategory(category)!, kobo)) / 100;
}

/**
 * The simulated biller, whose requeries of a beneficiary can be scripted: each call takes the next
 * answer given for it (a function, so a test can hold it back), then the simulated one.
 */
export class ScriptedBiller extends SimulatedBiller {
  readonly script = new Map<string, (() => Promise<BillOutcome>)[]>();
  async requery(bill: Bill): Promise<BillOutcome> {
    const next = this.script.get(bill.beneficiary)?.shift();
    return next ? next() : super.requery(bill);
  }
}
