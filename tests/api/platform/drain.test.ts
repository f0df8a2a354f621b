import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../core/contract';
import type { Bill, BillOutcome, CustomerLookup } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { SHUTDOWN_BEGUN } from '../../../server/http/draining';
import { startTestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { buy, newBuyer, newKey, PIN, providerId } from '../../support/api/purchases';
import { ops, staffMember } from '../../support/api/staff';

/** The simulated biller, holding every call until released, and telling when calls arrive. */
class HeldBiller extends SimulatedBiller {
  #release!: () => void;
  readonly #released = new Promise<void>((resolve) => (this.#release = resolve));
  readonly #arrived: Record<'pay' | 'verify', number> = { pay: 0, verify: 0 };
  readonly #waiters: { call: 'pay' | 'verify'; count: number; resolve: () => void }[] = [];

  release() {
    this.#release();
  }

  /** Resolves once `count` calls of `call` have arrived. */
  arrived(call: 'pay' | 'verify', count: number): Promise<void> {
    return new Promise((resolve) => {
      this.#waiters.push({ call, count, resolve });
      this.#notify();
    });
  }

  #notify() {
    for (const waiter of this.#waiters.filter((w) => this.#arrived[w.call] >= w.count)) waiter.resolve();
  }

  async #hold(call: 'pay' | 'verify') {
    this.#arrived[call] += 1;
    this.#notify();
    await this.#released;
  }

  override async pay(bill: Bill): Promise<BillOutcome> {
    await this.#hold('pay');
    return super.pay(bill);
  }

  override async verify(lookup: CustomerLookup) {
    await this.#hold('verify');
    return super.verify(lookup);
  }
}

/** The app's log lines, and a promise of the first that says `message`. */
function logLines() {
  const lines: { msg?: string }[] = [];
  const waiters: { message: string; resolve: () => void }[] = [];
  return {
    stream: {
      write(line: string) {
        const parsed = JSON.parse(line) as { msg?: string };
        lines.push(parsed);
        for (const waiter of waiters) if (parsed.msg === waiter.message) waiter.resolve();
      },
    },
    said(message: string): Promise<void> {
      return new Promise((resolve) =>
        lines.some((line) => line.msg === message) ? resolve() : waiters.push({ message, resolve }),
      );
    },
  };
}

/**
 * A shutdown as the app sees it (app.close(), what SIGTERM starts in main.ts): a purchase that
 * reserved its bill finishes; purchases still checking their meter with the biller, which have
 * written nothing, are refused at their next statement with 503 and Retry-After, their keys
 * unclaimed and nothing charged; every one is answered.
 */
describe.each(backends)('a shutdown with purchases in flight, on $name', (backend) => {
  it('finishes what had written, refuses with 503 and Retry-After what had not, and answers every one', async () => {
    const biller = new HeldBiller();
    const log = logLines();
    const t = await startTestApp(backend, { biller, logStream: log.stream, config: { logLevel: 'info' } });
    try {
      const buyer = await newBuyer(t, 20_000);
      const [mtn, ikeja] = [
        await providerId(t, 'airtime', 'MTN'),
        await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)'),
      ];

      const reservedKey = newKey();
      const reserved = buy(
        t,
        buyer.token,
        'airtime',
        { provider_id: mtn, beneficiary: '08031234567', amount: 100, pin: PIN },
        reservedKey,
      );
      await biller.arrived('pay', 1);
      const verifying = Array.from({ length: 5 }, () =>
        buy(t, buyer.token, 'electricity-bill', {
          provider_id: ikeja,
          beneficiary: '45030001234',
          amount: 1_000,
          pin: PIN,
        }),
      );
      await biller.arrived('verify', 5);

      const closing = t.app.close();
      // Once the shutdown has begun, the biller answers.
      await log.said(SHUTDOWN_BEGUN);
      biller.release();
      const [finished, ...refused] = await Promise.all([reserved, ...verifying]);
      await closing;

      expect(finished).toMatchObject({ status: 200, body: { type: 'success', data: { status: 'completed' } } });
      expect(refused.map((reply) => [reply.status, reply.headers['retry-after'], reply.body.type])).toEqual(
        refused.map(() => [503, '2', 'error']),
      );
      const rows = await t.db
        .selectFrom('transactions')
        .select(['category', 'status'])
        .where('category', 'in', ['airtime', 'electricity-bill'])
        .execute();
      expect(rows).toEqual([{ category: 'airtime', status: 'completed' } satisfies Partial<Transaction>]);
      expect((await t.db.selectFrom('idempotency_keys').select('key').execute()).map((row) => row.key)).toEqual([
        reservedKey,
      ]);
      expect(await auditLedger(t.db)).toEqual([]);
    } finally {
      biller.release();
      await t.close();
    }
  });
});

/** The simulated biller, holding every requery until released, and telling when one has arrived. */
class HeldRequeries extends SimulatedBiller {
  #release!: () => void;
  readonly #released = new Promise<void>((resolve) => (this.#release = resolve));
  #arrived = 0;
  readonly #waiters: { count: number; resolve: () => void }[] = [];

  release() {
    this.#release();
  }

  arrived(count: number): Promise<void> {
    return new Promise((resolve) => {
      this.#waiters.push({ count, resolve });
      this.#notify();
    });
  }

  #notify() {
    for (const waiter of this.#waiters.filter((w) => this.#arrived >= w.count)) waiter.resolve();
  }

  override async requery(bill: Bill): Promise<BillOutcome> {
    this.#arrived += 1;
    this.#notify();
    await this.#released;
    return super.requery(bill);
  }
}

/**
 * The console's listener drains with the customer's: a staff "requery now" that had written (it
 * took the bill's requery turn) finishes and settles the bill; one that had written nothing
 * when the biller answered is refused with 503 and Retry-After, the bill left processing for
 * the next requery; both are answered.
 */
describe.each(backends)('a shutdown with staff requests in flight, on $name', (backend) => {
  it('finishes what had written, refuses with 503 and Retry-After what had not, and answers every one', async () => {
    const biller = new HeldRequeries();
    const log = logLines();
    const t = await startTestApp(backend, { biller, logStream: log.stream, config: { logLevel: 'info' } });
    try {
      const buyer = await newBuyer(t, 5_000);
      const mtn = await providerId(t, 'airtime', 'MTN');
      const pending = async () =>
        (await buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary: '08030000002', amount: 100, pin: PIN }))
          .body.data!;
      const due = await pending();
      // Past the first bill's own pay call: the requery hook takes its turn (a write) before asking.
      t.clock.advance(t.config.billerTimeoutMs + 60_000);
      const fresh = await pending();
      const support = await staffMember(t, 'support');

      const requery = (transaction: Transaction) =>
        ops(t, 'customers/requery', { transaction_id: transaction.id }, support.token);
      const answers = Promise.all([requery(due), requery(fresh)]);
      await biller.arrived(2);
      const closing = t.app.close();
      await log.said(SHUTDOWN_BEGUN);
      biller.release();
      const [finished, refused] = await answers;
      await closing;

      expect(finished).toMatchObject({ status: 200, body: { data: { status: 'completed' } } });
      expect([refused.status, refused.headers['retry-after']]).toEqual([503, '2']);
      const statuses = await t.db
        .selectFrom('transactions')
        .select(['id', 'status'])
        .where('id', 'in', [BigInt(due.id), BigInt(fresh.id)])
        .orderBy('id')
        .execute();
      expect(statuses.map((row) => row.status)).toEqual(['completed', 'processing']);
      expect(await auditLedger(t.db)).toEqual([]);
    } finally {
      biller.release();
      await t.close();
    }
  });
});
