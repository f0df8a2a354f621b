import { describe, expect, it } from 'vitest';
import type { ProvidersByCategory } from '../../../core/contract';
import { signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

describe.each(backends)('/api/fetch-providers on $name', (backend) => {
  const t = useTestApp(backend);

  it('answers every category, with the four mobile networks under airtime, on GET and POST', async () => {
    const { token } = await signUp(t);
    for (const method of ['GET', 'POST'] as const) {
      const reply = await t.call<ProvidersByCategory>('/api/fetch-providers', { token, method });
      expect(reply.status).toBe(200);
      const providers = reply.body.data!;
      expect(Object.keys(providers).sort()).toEqual([
        'airtime',
        'betting',
        'data',
        'education',
        'electricity-bill',
        'tv-subscription',
      ]);
      expect(providers.airtime.map((p) => p.name)).toEqual(['MTN', 'Airtel', 'Glo', '9mobile']);
      expect(providers.airtime[0]).toEqual({ id: expect.any(Number), name: 'MTN', packages: [], paused: null });
    }
  });

  it('lists packages with naira amounts computed exactly from kobo', async () => {
    const { token } = await signUp(t);
    const provider = await t.db
      .insertInto('providers')
      .values({ category: 'data', code: 'test-data', name: 'Test Data' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('packages')
      .values([
        { provider_id: provider.id, code: '1gb', name: '1GB - 30 days', amount_kobo: 35_050n, position: 1 },
        { provider_id: provider.id, code: '500mb', name: '500MB - 7 days', amount_kobo: 10n, position: 0 },
        { provider_id: provider.id, code: 'old', name: 'Retired', amount_kobo: 100n, active: false },
      ])
      .execute();
    const reply = await t.call<ProvidersByCategory>('/api/fetch-providers', { token });
    expect(reply.body.data!.data.find((p) => p.id === provider.id)).toEqual({
      id: provider.id,
      name: 'Test Data',
      paused: null,
      packages: [
        { id: expect.any(Number), name: '500MB - 7 days', amount: 0.1 },
        { id: expect.any(Number), name: '1GB - 30 days', amount: 350.5 },
      ],
    });
  });

  it('answers from memory while the catalogue does not change, and any change, by any process, at the next poll', async () => {
    const { token } = await signUp(t);
    const poll = async () => (await t.call<ProvidersByCategory>('/api/fetch-providers', { token })).body.data!;
    const version = async () =>
      (await t.db.selectFrom('catalog_version').select('version').executeTakeFirstOrThrow()).version;
    const before = await poll();
    const at = await version();
    expect(await poll()).toEqual(before);
    expect(await version()).toBe(at);
    // As another replica's catalogue sync, or an operator, would: straight in the database.
    await t.db
      .updateTable('providers')
      .set({ name: 'MTN Nigeria' })
      .where('category', '=', 'airtime')
      .where('name', '=', 'MTN')
      .execute();
    expect(await version()).toBe(at + 1n);
    expect((await poll()).airtime.map((p) => p.name)).toEqual(['MTN Nigeria', 'Airtel', 'Glo', '9mobile']);
    await t.db.updateTable('providers').set({ active: false }).where('name', '=', 'MTN Nigeria').execute();
    expect((await poll()).airtime.map((p) => p.name)).toEqual(['Airtel', 'Glo', '9mobile']);
    await t.db.updateTable('providers').set({ name: 'MTN', active: true }).where('name', '=', 'MTN Nigeria').execute();
    expect(await poll()).toEqual(before);
  });

  it("carries each product's pause, and answers a failing pause's end when it comes though no row changed", async () => {
    const { token } = await signUp(t);
    const glo = async () =>
      (await t.call<ProvidersByCategory>('/api/fetch-providers', { token })).body.data!.airtime.find(
        (provider) => provider.name === 'Glo',
      )!;
    const { id } = await glo();
    const retryAt = new Date(t.clock.now().getTime() + 60_000);
    await t.db
      .insertInto('product_pauses')
      .values({ provider_id: id, cause: 'failing', paused_at: t.clock.now(), note: 'failing', retry_at: retryAt })
      .execute();
    expect((await glo()).paused).toEqual({ cause: 'failing', back_at: retryAt.toISOString() });
    // Its end opens the trial: sold again, with nothing written.
    t.clock.advance(60_000);
    expect((await glo()).paused).toBeNull();
    await t.db.deleteFrom('product_pauses').where('provider_id', '=', id).execute();
    expect((await glo()).paused).toBeNull();
  });

  it('requires a session', async () => {
    const reply = await t.call('/api/fetch-providers', { method: 'GET' });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toMatch(/authorization/);
  });
});
