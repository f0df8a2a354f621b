import { sql } from 'kysely';
import { systemClock } from '../../server/clock';
import type { Config } from '../../server/config';
import type { Database } from '../../server/db/schema';
import { SimulatedBank, simulatedTransferReference } from '../../server/gateways/simulatedBank';
import { createAccount, markEmailVerified } from '../../server/services/accounts';
import { inTransaction, type AppContext } from '../../server/services/context';
import { creditIncomingTransfer, FUNDING_CATEGORY, FUNDING_DESCRIPTION } from '../../server/services/funding';
import { recordIdentities } from '../../server/services/identity';
import { credit, post, walletOf } from '../../server/services/ledger';
import { hashPassword } from '../../server/services/passwords';
import { storePin } from '../../server/services/pins';
import { createSecretBox } from '../../server/services/secretBox';
import { createSession } from '../../server/services/sessions';
import { createTokenHasher } from '../../server/services/tokens';
import { ensureVirtualAccounts } from '../../server/services/virtualAccounts';

/**
 * The bench's customers, made through the same services the API uses, with the server's keys
 * (so the server reads their sessions and pins): verified, tier 3 (BVN and NIN on file), a pin,
 * two dedicated accounts, a wallet funded by one bank transfer, and a session.
 */

export interface BenchUser {
  userId: bigint;
  /** The session's bearer token. */
  token: string;
}

export const BENCH_PIN = '4826';
const PASSWORD = 'bench password 2026';

/** A service context over the bench's database with the server's keys; mail goes nowhere. */
export function benchContext(config: Config, db: Database): AppContext {
  return {
    db,
    clock: systemClock,
    hashToken: createTokenHasher(config.tokenKey),
    secrets: createSecretBox(config.pinKey),
    mailer: { send: async () => {} },
    deliverMail: () => {},
    publicUrl: config.publicUrl,
    pinMaxAttempts: config.pinMaxAttempts,
    sessions: config.sessions,
    liveBankPartners: config.bankPartners.names,
    systemAccounts: new Map(),
  };
}

export interface Seeder {
  users(count: number, label: string, fundKobo: bigint): Promise<BenchUser[]>;
  /** `count` funding transactions of ₦1 in the user's history, written in bulk (see below). */
  history(user: BenchUser, count: number): Promise<void>;
}

/** Users are made this many at a time (PostgreSQL takes them in parallel; PGlite queues them). */
const PARALLEL = 8;

export async function seeder(config: Config, ctx: AppContext): Promise<Seeder> {
  const passwordHash = await hashPassword(PASSWORD);
  const bank = new SimulatedBank({ webhookSecret: config.bankWebhookSecret });
  let made = 0;

  async function user(label: string, fundKobo: bigint): Promise<BenchUser> {
    const n = ++made;
    const userId = await inTransaction(ctx, async (tx) => {
      const id = await createAccount(tx, { name: 'Bench Customer', email: `${label}-${n}@bench.nairawallet.test`, phone: '08031234567', password: PASSWORD }, passwordHash);
      await markEmailVerified(tx, id);
      await storePin(tx, id, BENCH_PIN);
      const last4 = String(n).padStart(4, '0').slice(-4);
      await recordIdentities(tx, id, [
        { kind: 'bvn', last4, hash: ctx.hashToken(`bench:bvn:${label}:${n}`) },
        { kind: 'nin', last4, hash: ctx.hashToken(`bench:nin:${label}:${n}`) },
      ]);
      return id;
    });
    const [account] = await ensureVirtualAccounts(ctx, [bank], userId);
    if (fundKobo > 0n) {
      const now = ctx.clock.now();
      const funded = await creditIncomingTransfer(ctx, bank.provider, {
        reference: `${simulatedTransferReference(now)}${n}`,
        amountKobo: fundKobo,
        accountNumber: account.account_number,
        senderName: 'Bench Funder',
        senderBank: 'Guaranty Trust Bank',
        paidAt: now,
      });
      if (funded.status !== 'credited') throw new Error(`bench: funding ${label}-${n} was ${funded.status}`);
    }
    return { userId, token: await createSession(ctx, userId, 'bench') };
  }

  return {
    async users(count, label, fundKobo) {
      const users: BenchUser[] = [];
      for (let first = 0; first < count; first += PARALLEL) {
        const batch = Math.min(PARALLEL, count - first);
        users.push(...(await Promise.all(Array.from({ length: batch }, () => user(label, fundKobo)))));
      }
      return users;
    },

    /**
     * The activity list's history, bulk-inserted with SQL: rows of the `funding` category, one
     * second apart and ending now, and one credit from the partner for their sum, so the
     * wallet's balance and the ledger audit hold.
     */
    async history({ userId }, count) {
      const chunk = 50_000;
      const end = ctx.clock.now().getTime();
      await inTransaction(ctx, async (tx) => {
        for (let first = 0; first < count; first += chunk) {
          const last = Math.min(first + chunk, count);
          await sql`
            INSERT INTO transactions (user_id, category, amount_kobo, status, reference, from_label, to_label, description, created_at, updated_at)
            SELECT ${userId}::bigint, ${FUNDING_CATEGORY}, 100, 'completed', 'BENCH' || ${String(userId)} || '-' || g, 'Bench Funder, Guaranty Trust Bank', 'Wallet', ${FUNDING_DESCRIPTION},
                   ${new Date(end - count * 1000)}::timestamptz + g * interval '1 second', ${new Date(end - count * 1000)}::timestamptz + g * interval '1 second'
            FROM generate_series(${first + 1}::int, ${last}::int) AS g`.execute(tx.db);
        }
        const history = { from: 'partner', provider: bank.provider, reference: `BENCH-HISTORY-${userId}` } as const;
        await post(tx, await credit(tx, { walletId: await walletOf(tx, userId), amountKobo: BigInt(count) * 100n, transactionId: null, source: history }));
      });
    },
  };
}
