import { sql } from 'kysely';
import { systemClock } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { SimulatedBank, simulatedTransferReference } from '../../gateways/simulatedBank';
import { createAccount, markEmailVerified } from '../../services/account/accounts';
import { inTransaction, type AppContext } from '../../services/context';
import { enrolWithPartners } from '../../services/identity/enrolment';
import { creditIncomingTransfer, FUNDING_CATEGORY, FUNDING_DESCRIPTION } from '../../services/funding/funding';
import { recordIdentities } from '../../services/identity/identity';
import { credit, post, walletOf } from '../../services/ledger/ledger';
import { hashPassword } from '../../services/account/passwords';
import { storePin } from '../../services/account/pins';
import { createSecretBox } from '../../services/identity/secretBox';
import { createSession } from '../../services/account/sessions';
import { createTokenHasher } from '../../services/account/tokens';

/**
 * The bench's customers, made through the same services the API uses, with the server's keys
 * (so the server reads their sessions and pins): verified, tier 2 (BVN and NIN on file), a pin,
 * two dedicated accounts, a wallet funded by one bank transfer, and a session.
 */

export interface BenchUser {
  userId: bigint;
  /** The session's bearer token. */
  token: string;
}

export const BENCH_PIN = '4826';
const PASSWORD = 'bench password 2026';

/**
 * A service context over the bench's database with the server's keys; mail goes nowhere (what it
 * queues waits in the outbox).
 */
export function benchContext(config: Config, db: Database): AppContext {
  return {
    db,
    clock: systemClock,
    hashToken: createTokenHasher(config.tokenKey),
    secrets: createSecretBox(config.pinKey),
    mailer: { send: async () => {} },
    sms: { name: 'none', send: async () => {} },
    afterCommit: (work) => work(),
    sendQueued: () => {},
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
      const id = await createAccount(
        tx,
        {
          name: 'Bench Customer',
          email: `${label}-${n}@bench.nairawallet.test`,
          phone: '08031234567',
          password: PASSWORD,
        },
        passwordHash,
      );
      await markEmailVerified(tx, id);
      await storePin(tx, id, BENCH_PIN);
      const last4 = String(n).padStart(4, '0').slice(-4);
      await recordIdentities(tx, id, [
        { kind: 'bvn', last4, hash: ctx.hashToken(`bench:bvn:${label}:${n}`) },
        { kind: 'nin', last4, hash: ctx.hashToken(`bench:nin:${label}:${n}`) },
      ]);
      return id;
    });
    // Identity first: the simulated partner opens the account when handed the (bench) NIN.
    await enrolWithPartners(ctx, [bank], userId, { nin: String(10_000_000_000 + n) });
    // Read whatever the live partners are: the server's (Monnify) is never called by the bench.
    const account = await ctx.db
      .selectFrom('virtual_accounts')
      .select('account_number')
      .where('user_id', '=', userId)
      .where('provider', '=', bank.provider)
      .executeTakeFirstOrThrow();
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
      const start = new Date(ctx.clock.now().getTime() - count * 1000);
      await inTransaction(ctx, async (tx) => {
        for (let first = 0; first < count; first += chunk) {
          const last = Math.min(first + chunk, count);
          await sql`
            INSERT INTO transactions (user_id, category, amount_kobo, status, reference, from_label, to_label,
                                      description, created_at, updated_at)
            SELECT ${userId}::bigint, ${FUNDING_CATEGORY}, 100, 'completed', 'BENCH' || ${String(userId)} || '-' || g,
                   'Bench Funder, Guaranty Trust Bank', 'Wallet', ${FUNDING_DESCRIPTION},
                   ${start}::timestamptz + g * interval '1 second', ${start}::timestamptz + g * interval '1 second'
            FROM generate_series(${first + 1}::int, ${last}::int) AS g`.execute(tx.db);
        }
        const history = { from: 'partner', provider: bank.provider, reference: `BENCH-HISTORY-${userId}` } as const;
        await post(
          tx,
          await credit(tx, {
            walletId: await walletOf(tx, userId),
            amountKobo: BigInt(count) * 100n,
            transactionId: null,
            source: history,
          }),
        );
      });
    },
  };
}
