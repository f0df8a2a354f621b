import { describe, expect, it } from 'vitest';
import { inTransaction, type AppContext } from '../../../server/services/context';

/** A database whose transactions fail with the given SQLSTATEs, in order, then succeed. */
function failingThen(codes: string[]) {
  let attempts = 0;
  const db = {
    transaction: () => ({
      execute: async <T>(work: (trx: unknown) => Promise<T>): Promise<T> => {
        attempts += 1;
        const code = codes[attempts - 1];
        if (code) throw Object.assign(new Error(`sqlstate ${code}`), { code });
        return work(db);
      },
    }),
  };
  return { ctx: { db } as unknown as AppContext, attempts: () => attempts };
}

describe('inTransaction', () => {
  it('runs a transaction PostgreSQL aborted for a deadlock or a serialization conflict again, whole', async () => {
    const { ctx, attempts } = failingThen(['40P01', '40001']);
    await expect(inTransaction(ctx, async () => 'done')).resolves.toBe('done');
    expect(attempts()).toBe(3);
  });

  it('gives up after three attempts, and never retries any other error', async () => {
    const deadlocked = failingThen(['40P01', '40P01', '40P01', '40P01']);
    await expect(inTransaction(deadlocked.ctx, async () => 'done')).rejects.toMatchObject({ code: '40P01' });
    expect(deadlocked.attempts()).toBe(3);
    const broken = failingThen(['23505']);
    await expect(inTransaction(broken.ctx, async () => 'done')).rejects.toMatchObject({ code: '23505' });
    expect(broken.attempts()).toBe(1);
  });
});
