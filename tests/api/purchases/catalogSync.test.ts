import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProvidersByCategory } from '../../../core/contract';
import { buildServer } from '../../../server/server';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { VtpassBiller } from '../../../server/gateways/vtpassBiller';
import { priceWithMargin, syncCatalog } from '../../../server/services/purchases/catalogSync';
import { PACKAGE_NOT_AVAILABLE, PLAN_PRICE_CHANGED } from '../../../server/services/purchases/wording';
import { DEFAULT_VARIATIONS, startFakeVtpass, type FakeVtpass } from '../../../testkit/fakes/vtpassServer';
import { testConfig } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { useTestApp } from '../../support/api/useTestApp';
import { balance, buy, netCost, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';

/**
 * The catalogue from the biller (services/catalogSync.ts) against the fake VTpass's
 * service-variations: our price rule, a changed price replacing the plan (the old one refused,
 * never charged at a price the customer was not shown), a plan gone hidden, the providers VTpass
 * does not sell hidden, a VTpass that cannot be asked leaving everything as it was.
 */

const silentLog = { info() {}, warn() {}, error() {} };

describe('the price rule', () => {
  it("is the biller's price plus the margin, rounded up to the kobo", () => {
    expect(priceWithMargin(185_000n, 0)).toBe(185_000n);
    expect(priceWithMargin(185_000n, 10)).toBe(203_500n);
    expect(priceWithMargin(99n, 2.5)).toBe(102n);
  });
});

describe.each(backends)('catalogue sync from VTpass (the fake) on $name', (backend) => {
  let fake: FakeVtpass;
  let biller: VtpassBiller;
  let buyer: Buyer;
  let dstv: number;

  const activePlans = async (provider: number) =>
    (
      await t.db
        .selectFrom('packages')
        .select(['id', 'code', 'name', 'amount_kobo'])
        .where('provider_id', '=', provider)
        .where('active', '=', true)
        .orderBy('position')
        .execute()
    ).map(({ id, code, name, amount_kobo }) => ({ id, code, name, amount: Number(amount_kobo) / 100 }));
  const catalogue = async () =>
    (await t.call<ProvidersByCategory>('/api/fetch-providers', { token: buyer.token })).body.data!;
  const sync = (marginPercent = 0) => syncCatalog(t.ctx, biller, { marginPercent });
  const buyPlan = (packageId: number) =>
    buy(t, buyer.token, 'tv-subscription', {
      provider_id: dstv,
      package_id: packageId,
      beneficiary: '7012345678',
      pin: PIN,
    });

  beforeAll(async () => {
    fake = await startFakeVtpass();
  });
  afterAll(() => fake.close());
  // A fresh app and biller for each test: each syncs the catalogue from its own start. A VTpass
  // that is down is asked again at once: the backoff between attempts is not what these tests check.
  const t = useTestApp(
    backend,
    () => {
      biller = new VtpassBiller({
        baseUrl: fake.url,
        ...fake.keys,
        timeoutMs: 2_000,
        log: silentLog,
        failureThreshold: 100,
        retryDelayMs: 0,
      });
      return { biller };
    },
    'test',
  );
  beforeEach(async () => {
    buyer = await newBuyer(t, 20_000);
    dstv = await providerId(t, 'tv-subscription', 'DStv');
    for (const [service, list] of Object.entries(DEFAULT_VARIATIONS)) fake.setVariations(service, list);
    fake.setMode({ kind: 'normal' });
  });

  it("makes each plan provider's plans exactly VTpass's list at our price, hides what VTpass does not sell, keeps the amount-priced providers", async () => {
    const report = await sync(10);
    expect(report.failed).toEqual([]);
    expect(await activePlans(dstv)).toEqual([
      { id: expect.any(Number), code: 'dstv-padi', name: 'DStv Padi N1,850', amount: 2035 },
      { id: expect.any(Number), code: 'dstv-yanga', name: 'DStv Yanga N2,565', amount: 2821.5 },
      { id: expect.any(Number), code: 'dstv-confam', name: 'Dstv Confam N4,615', amount: 5076.5 },
      { id: expect.any(Number), code: 'dstv79', name: 'DStv Compact N7900', amount: 8690 },
    ]);
    const shown = await catalogue();
    expect(shown.betting).toEqual([]);
    expect(shown.airtime.map((p) => p.name)).toEqual(['MTN', 'Airtel', 'Glo', '9mobile']);
    expect(shown['electricity-bill']).toHaveLength(12);
    expect(shown.education.find((p) => p.name === 'JAMB')!.packages.map((p) => [p.name, p.amount])).toEqual([
      ['UTME', 5170],
      ['Direct Entry (DE)', 5170],
    ]);
    // The seeded plans VTpass does not list are hidden, not deleted: past purchases keep them.
    expect(
      await t.db
        .selectFrom('packages')
        .select('code')
        .where('provider_id', '=', dstv)
        .where('active', '=', false)
        .execute(),
    ).toHaveLength(6);
    // A second run with nothing changed changes nothing.
    expect(await sync(10)).toEqual({
      added: 0,
      repriced: 0,
      hidden: 0,
      providersShown: 0,
      providersHidden: 0,
      failed: [],
    });
  });

  it('a changed price replaces the plan: the old one is refused with a clear message and nothing is charged; the new one sells at the new price', async () => {
    await sync();
    const [padi] = await activePlans(dstv);
    fake.setVariations('dstv', [
      { ...DEFAULT_VARIATIONS.dstv[0], variation_amount: '2150.00' },
      ...DEFAULT_VARIATIONS.dstv.slice(1),
    ]);
    expect(await sync()).toMatchObject({ added: 1, repriced: 1, hidden: 1 });
    const [newPadi] = await activePlans(dstv);
    expect(newPadi).toMatchObject({ code: 'dstv-padi', amount: 2150 });
    expect(newPadi.id).not.toBe(padi.id);

    expect(await buyPlan(padi.id)).toMatchObject({ status: 422, body: { type: 'error', message: PLAN_PRICE_CHANGED } });
    expect(await balance(t, buyer.token)).toBe(20_000);
    expect(await buyPlan(newPadi.id)).toMatchObject({
      status: 200,
      body: { data: { status: 'completed', amount: 2150 } },
    });
    expect(await balance(t, buyer.token)).toBe(20_000 - netCost('tv-subscription', 2150));
  });

  it('a plan VTpass no longer lists is hidden and refused; when it comes back at the same price its row is shown again', async () => {
    await sync();
    const yanga = (await activePlans(dstv)).find((plan) => plan.code === 'dstv-yanga')!;
    fake.setVariations(
      'dstv',
      DEFAULT_VARIATIONS.dstv.filter((variation) => variation.variation_code !== 'dstv-yanga'),
    );
    expect(await sync()).toMatchObject({ hidden: 1, added: 0 });
    expect((await activePlans(dstv)).map((plan) => plan.code)).toEqual(['dstv-padi', 'dstv-confam', 'dstv79']);
    expect(await buyPlan(yanga.id)).toMatchObject({ status: 422, body: { message: PACKAGE_NOT_AVAILABLE } });
    expect(await balance(t, buyer.token)).toBe(20_000);

    fake.setVariations('dstv', DEFAULT_VARIATIONS.dstv);
    expect(await sync()).toMatchObject({ added: 1 });
    expect((await activePlans(dstv)).find((plan) => plan.code === 'dstv-yanga')!.id).toBe(yanga.id);
  });

  it('a provider VTpass lists no plan for is hidden, and shown again once it has plans', async () => {
    await sync();
    const showmax = await providerId(t, 'tv-subscription', 'Showmax');
    fake.setVariations('showmax', []);
    expect(await sync()).toMatchObject({ providersHidden: 1 });
    expect((await catalogue())['tv-subscription'].map((p) => p.name)).toEqual(['DStv', 'GOtv', 'StarTimes']);
    const plan = await t.db
      .selectFrom('packages')
      .select('id')
      .where('provider_id', '=', showmax)
      .executeTakeFirstOrThrow();
    const reply = await buy(t, buyer.token, 'tv-subscription', {
      provider_id: showmax,
      package_id: plan.id,
      beneficiary: '7012345678',
      pin: PIN,
    });
    expect(reply.status).toBe(422);
    fake.setVariations('showmax', DEFAULT_VARIATIONS.showmax);
    expect(await sync()).toMatchObject({ providersShown: 1 });
    expect((await catalogue())['tv-subscription'].map((p) => p.name)).toContain('Showmax');
  });

  it('a VTpass that cannot be asked leaves every plan as it was and reports each provider', async () => {
    await sync();
    const before = await activePlans(dstv);
    fake.setMode({ kind: 'down' });
    const report = await sync();
    expect(report.failed.map((failure) => failure.provider)).toEqual(
      expect.arrayContaining(['mtn-data', 'dstv', 'gotv', 'waec', 'jamb']),
    );
    expect(report.failed[0].error).toBe('VTpass is not answering right now. Please try again in a few minutes.');
    expect(await activePlans(dstv)).toEqual(before);
  });
});

describe.each(backends)('the catalogue sync job in the app on $name', (backend) => {
  let fake: FakeVtpass;
  beforeAll(async () => {
    fake = await startFakeVtpass();
  });
  afterAll(() => fake.close());

  it('with the VTpass biller, the app is ready only once the first sync is done', async () => {
    const database = await backend.open();
    const biller = new VtpassBiller({ baseUrl: fake.url, ...fake.keys, timeoutMs: 2_000, log: silentLog });
    const { app } = await buildServer(
      testConfig({ requeryIntervalMs: 0, catalog: { marginPercent: 0, syncIntervalMs: 0 } }),
      { db: database.db, biller, runJobs: true },
    );
    await app.ready();
    const gotv = await database.db
      .selectFrom('providers')
      .select('id')
      .where('code', '=', 'gotv')
      .executeTakeFirstOrThrow();
    const plans = await database.db
      .selectFrom('packages')
      .select('code')
      .where('provider_id', '=', gotv.id)
      .where('active', '=', true)
      .orderBy('position')
      .execute();
    expect(plans.map((plan) => plan.code)).toEqual(
      DEFAULT_VARIATIONS.gotv.map((variation) => variation.variation_code),
    );
    await app.close();
    await database.close();
  });

  it('with the simulated biller, the seeded catalogue stays', async () => {
    const database = await backend.open();
    const { app } = await buildServer(testConfig({ requeryIntervalMs: 0 }), {
      db: database.db,
      biller: new SimulatedBiller(),
      runJobs: true,
    });
    await app.ready();
    const active = await database.db.selectFrom('packages').select('code').where('active', '=', true).execute();
    expect(active.map((plan) => plan.code)).toContain('gotv-smallie');
    // Nothing hidden: every seeded plan is still for sale.
    expect(active).toHaveLength((await database.db.selectFrom('packages').select('id').execute()).length);
    await app.close();
    await database.close();
  });
});
