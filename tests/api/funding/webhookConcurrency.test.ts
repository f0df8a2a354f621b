import { beforeAll, describe, expect, it } from 'vitest';
import type { UserData, VirtualAccount } from '../../../core/contract';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { chargeSuccess, createAccounts, deliver, newReference, walletRowCounts } from '../../support/api/bank';

/**
 * Real concurrency needs a server: on PostgreSQL the deliveries overlap through a pool; PGlite is
 * one connection and serialises them. Exactly-once must hold on both (CI requires PostgreSQL).
 */
const POOL = 40;

describe.each(backends)('exactly-once credit under concurrent deliveries on $name', (backend) => {
  let owner: SignedUp;
  let accounts: VirtualAccount[];
  const t = useTestApp(backend, async () => ({
    database: backend.name === 'postgres' ? await backend.open({ max: POOL }) : undefined,
  }));
  beforeAll(async () => {
    owner = await signUp(t);
    accounts = await createAccounts(t, owner.token);
  });

  const balance = async () =>
    (await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance;

  it(`200 parallel then 50 sequential deliveries of one webhook credit once (pool of ${POOL})`, async () => {
    const reference = newReference();
    const body = JSON.stringify(
      chargeSuccess(t, { accountNumber: accounts[0].account_number, amount: 750_000, reference }),
    );
    const before = await balance();

    const started = performance.now();
    const parallel = await Promise.all(Array.from({ length: 200 }, () => deliver(t, body)));
    const parallelMs = performance.now() - started;
    const statuses = parallel.map((reply) => reply.body.data?.status);
    expect(parallel.every((reply) => reply.status === 200)).toBe(true);
    expect(statuses.filter((status) => status === 'credited')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'duplicate')).toHaveLength(199);

    for (let i = 0; i < 50; i++) expect((await deliver(t, body)).body.data?.status).toBe('duplicate');
    const totalMs = performance.now() - started;

    expect(await balance()).toBe(before + 7_500);
    const credits = await t.db
      .selectFrom('incoming_transfers')
      .select('transaction_id')
      .where('reference', '=', reference)
      .execute();
    expect(credits).toHaveLength(1);
    const movements = await t.db
      .selectFrom('ledger_movements')
      .select('id')
      .where('transaction_id', '=', credits[0].transaction_id)
      .execute();
    expect(movements).toHaveLength(1);
    console.info(
      `exactly-once: 250 deliveries (200 parallel in ${parallelMs.toFixed(0)} ms, all in ${totalMs.toFixed(0)} ms) → 1 credit`,
    );
  });

  it('200 parallel deliveries of different transfers to one wallet all credit, and the balance is their sum', async () => {
    const before = await balance();
    const rows = await walletRowCounts(t);
    const bodies = Array.from({ length: 200 }, (_, i) =>
      JSON.stringify(
        chargeSuccess(t, { accountNumber: accounts[i % 2].account_number, amount: 100 + i, reference: newReference() }),
      ),
    );
    const replies = await Promise.all(bodies.map((body) => deliver(t, body)));
    expect(replies.map((reply) => reply.body.data?.status)).toEqual(bodies.map(() => 'credited'));
    const sumKobo = bodies.reduce((sum, _body, i) => sum + 100 + i, 0);
    expect(Math.round((await balance()) * 100)).toBe(Math.round(before * 100) + sumKobo);
    const after = await walletRowCounts(t);
    expect(after.ledger_entries - rows.ledger_entries).toBe(400n);
  });
});
