import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleProduct } from '../../../core/console';
import type { ProductPause, ProvidersByCategory, Schedule } from '../../../core/contract';
import {
  PRODUCT_PAUSE_COOL_DOWN_MS,
  PRODUCT_PAUSE_MIN_CALLS,
  PRODUCT_PAUSE_STAFF_RETRY_AFTER_S,
} from '../../../core/limits';
import { productPausedRefusal } from '../../../core/productPauses';
import { serviceOfCategory } from '../../../core/services';
import { GatewayError } from '../../../server/errors';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { balance, buy, newBuyer, PIN, providerId, purchaseRowCounts, type Buyer } from '../../support/api/purchases';
import { createdSchedule, lagosIn, moveClockTo, runSchedules, schedulesOf } from '../../support/api/schedules';
import { ops, staffMember, type StaffMember } from '../../support/api/staff';

const airtime = serviceOfCategory('airtime')!;
/** The simulated biller never answers a number ending in 0004 in time; any other number is delivered. */
const UNANSWERED = '08031230004';
const DELIVERED = '08031234567';
/** …and declines one ending in 0001, definitively (refunded at once). */
const DECLINED = '08031230001';

/**
 * A failing product is paused before anyone types (the threshold over every replica's pay calls),
 * refused with 503 and Retry-After before any money moves, carried by the catalogue, resumed by a
 * trial that delivers, and paused and resumed by staff in the console: each in the audit.
 */
describe.each(backends)('paused products on $name', (backend) => {
  const t = useTestApp(backend);
  let buyers: Buyer[];
  let support: StaffMember;
  let mtn: number;
  let glo: number;

  beforeAll(async () => {
    buyers = [];
    for (let i = 0; i < 5; i++) buyers.push(await newBuyer(t, 20_000));
    support = await staffMember(t, 'support');
    [mtn, glo] = [await providerId(t, 'airtime', 'MTN'), await providerId(t, 'airtime', 'Glo')];
  });

  const airtimeOf = (provider: number, beneficiary: string) => ({
    provider_id: provider,
    beneficiary,
    amount: 100,
    pin: PIN,
  });
  const pauseOf = async (id: number): Promise<ProductPause | null> => {
    const reply = await t.call<ProvidersByCategory>('/api/fetch-providers', { token: buyers[0].token });
    return reply.body.data!.airtime.find((provider) => provider.id === id)!.paused;
  };
  const auditOf = (action: string) =>
    t.db
      .selectFrom('staff_audit')
      .select(['actor', 'subject', 'before', 'after'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  /** A purchase of a paused product: 503, Retry-After, the refusal in words, and nothing bought or moved. */
  async function expectRefused(provider: number, name: string, pause: ProductPause, retryAfterS: number) {
    const [before, rows] = [await balance(t, buyers[1].token), await purchaseRowCounts(t)];
    const refused = await buy(t, buyers[1].token, 'airtime', airtimeOf(provider, DELIVERED));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(retryAfterS));
    expect(refused.body).toMatchObject({
      message: productPausedRefusal(airtime, name, pause),
      data: { reason: 'product-paused', provider_id: provider, paused: pause },
    });
    expect(await balance(t, buyers[1].token)).toBe(before);
    expect(await purchaseRowCounts(t)).toEqual(rows);
  }

  it('is not paused by one customer whose calls fail, however often: the failures must come from several', async () => {
    for (let i = 0; i < PRODUCT_PAUSE_MIN_CALLS; i++) {
      expect((await buy(t, buyers[0].token, 'airtime', airtimeOf(mtn, UNANSWERED))).status).toBe(200);
    }
    expect(await pauseOf(mtn)).toBeNull();
  });

  it('pauses the product once most calls of the window fail for enough customers; the catalogue says so and a purchase is refused before any money moves', async () => {
    for (const buyer of buyers.slice(1)) {
      expect((await buy(t, buyer.token, 'airtime', airtimeOf(mtn, UNANSWERED))).status).toBe(200);
    }
    const backAt = new Date(t.clock.now().getTime() + PRODUCT_PAUSE_COOL_DOWN_MS).toISOString();
    const pause: ProductPause = { cause: 'failing', back_at: backAt };
    expect(await pauseOf(mtn)).toEqual(pause);
    expect(await pauseOf(glo)).toBeNull();
    await expectRefused(mtn, 'MTN', pause, PRODUCT_PAUSE_COOL_DOWN_MS / 1000);
    // Another network sells on.
    expect((await buy(t, buyers[1].token, 'airtime', airtimeOf(glo, DELIVERED))).status).toBe(200);
    const [paused] = await auditOf('product.pause');
    expect(paused).toMatchObject({
      actor: 'automatic (product health)',
      subject: `MTN Airtime (provider ${mtn})`,
      after: { cause: 'failing', calls: 14, failures: 14, customers: 5, retry_at: backAt },
    });
  });

  it('lets one purchase through as a trial after the cool-down: another failure pauses it again, a delivery resumes it for everyone', async () => {
    t.clock.advance(PRODUCT_PAUSE_COOL_DOWN_MS);
    expect(await pauseOf(mtn)).toBeNull();
    // A trial under way (another replica's): the next purchase waits for its answer.
    const leaseEnd = new Date(t.clock.now().getTime() + 30_000);
    await t.db.updateTable('product_pauses').set({ trial_until: leaseEnd }).where('provider_id', '=', mtn).execute();
    await expectRefused(mtn, 'MTN', { cause: 'failing', back_at: leaseEnd.toISOString() }, 30);
    await t.db.updateTable('product_pauses').set({ trial_until: null }).where('provider_id', '=', mtn).execute();

    // Two purchases at once: one is the trial, the other waits for its answer (here: none, paused again).
    const both = await Promise.all(
      [buyers[2], buyers[3]].map((buyer) => buy(t, buyer.token, 'airtime', airtimeOf(mtn, UNANSWERED))),
    );
    expect(both.map((reply) => reply.status).sort()).toEqual([200, 503]);
    const again = new Date(t.clock.now().getTime() + PRODUCT_PAUSE_COOL_DOWN_MS).toISOString();
    expect(await pauseOf(mtn)).toEqual({ cause: 'failing', back_at: again });

    t.clock.advance(PRODUCT_PAUSE_COOL_DOWN_MS);
    // A decline is an answer (the number may be the cause): the next purchase is the trial.
    const declined = await buy(t, buyers[2].token, 'airtime', airtimeOf(mtn, DECLINED));
    expect([declined.status, declined.body.data?.status]).toEqual([502, 'canceled']);
    expect(await pauseOf(mtn)).toBeNull();
    expect(await t.db.selectFrom('product_pauses').select('trial_until').execute()).toEqual([{ trial_until: null }]);
    const trial = await buy(t, buyers[2].token, 'airtime', airtimeOf(mtn, DELIVERED));
    expect([trial.status, trial.body.data?.status]).toEqual([200, 'completed']);
    expect(await pauseOf(mtn)).toBeNull();
    expect(await t.db.selectFrom('product_pauses').selectAll().execute()).toEqual([]);
    expect(await auditOf('product.resume')).toEqual([
      expect.objectContaining({ actor: 'automatic (product health)', subject: `MTN Airtime (provider ${mtn})` }),
    ]);
    // Its window starts afresh: one more failure does not pause it again.
    expect((await buy(t, buyers[3].token, 'airtime', airtimeOf(mtn, UNANSWERED))).status).toBe(200);
    expect(await pauseOf(mtn)).toBeNull();
  });

  it('is paused by staff with a reason and resumed by staff, each in the audit; meanwhile every purchase is refused', async () => {
    const noReason = await ops(t, 'products/pause', { provider_id: glo, reason: '' }, support.token);
    expect([noReason.status, noReason.body.message]).toEqual([422, 'reason must say why, in at least 3 characters']);
    const reason = 'Glo airtime fails at the aggregator since 09:10';
    const paused = await ops<ConsoleProduct>(t, 'products/pause', { provider_id: glo, reason }, support.token);
    expect(paused.status, paused.body.message).toBe(200);
    expect(paused.body.data!.pause).toMatchObject({ cause: 'staff', by: support.email, note: reason, retry_at: null });
    const twice = await ops(t, 'products/pause', { provider_id: glo, reason }, support.token);
    expect(twice.status).toBe(409);

    const pause: ProductPause = { cause: 'staff', back_at: null };
    expect(await pauseOf(glo)).toEqual(pause);
    await expectRefused(glo, 'Glo', pause, PRODUCT_PAUSE_STAFF_RETRY_AFTER_S);
    const listed = await ops<ConsoleProduct[]>(t, 'products/list', {}, support.token);
    expect(listed.body.data!.find((product) => product.provider_id === glo)!.pause).toMatchObject({ cause: 'staff' });

    const resumed = await ops<ConsoleProduct>(t, 'products/resume', { provider_id: glo, note: 'fixed' }, support.token);
    expect([resumed.status, resumed.body.data!.pause]).toEqual([200, null]);
    expect(await pauseOf(glo)).toBeNull();
    expect((await buy(t, buyers[1].token, 'airtime', airtimeOf(glo, DELIVERED))).status).toBe(200);
    const notPaused = await ops(t, 'products/resume', { provider_id: glo, note: 'fixed' }, support.token);
    expect(notPaused.status).toBe(409);

    const subject = `Glo Airtime (provider ${glo})`;
    expect((await auditOf('product.pause')).at(-1)).toMatchObject({
      actor: support.email,
      subject,
      before: null,
      after: { cause: 'staff', reason },
    });
    expect((await auditOf('product.resume')).at(-1)).toMatchObject({
      actor: support.email,
      subject,
      before: { cause: 'staff', note: reason },
      after: { reason: 'fixed' },
    });
  });

  it('refuses a scheduled run of a paused product before any money moves, and /schedules says why, when and what to do', async () => {
    const owner = buyers[4];
    const { day, time, at } = lagosIn(t, 5);
    const schedule = await createdSchedule(t, owner.token, {
      category: 'airtime',
      provider_id: glo,
      beneficiary: DELIVERED,
      amount: 200,
      frequency: 'once',
      date: day,
      time,
    });
    const paused = await ops(t, 'products/pause', { provider_id: glo, reason: 'aggregator down' }, support.token);
    expect(paused.status).toBe(200);
    const before = await balance(t, owner.token);
    moveClockTo(t, at);
    await runSchedules(t);
    expect(await balance(t, owner.token)).toBe(before);
    const run = (await schedulesOf(t, owner.token)).find((one: Schedule) => one.id === schedule.id)!.last_run!;
    const refusal = productPausedRefusal(airtime, 'Glo', { cause: 'staff', back_at: null });
    expect(run).toMatchObject({
      outcome: 'failed',
      reason: 'product-paused',
      tried_at: t.clock.now().toISOString(),
      retryable: true,
      message:
        `Could not run: ${refusal.replace(/\.$/, '')}. ` +
        'Tap Retry now on Schedules once it is back, or edit the schedule to choose another provider.',
    });
    await ops(t, 'products/resume', { provider_id: glo, note: 'back' }, support.token);
  });
});

/** A simulated biller whose breaker can be opened: while `down`, it refuses purchases before any call. */
class BreakerBiller extends SimulatedBiller {
  down = false;

  assertAvailable(): void {
    if (this.down) throw new GatewayError('Simulated is not answering right now. Please try again in a few minutes.');
  }
}

describe.each(backends)('a biller whose breaker refuses purchases on $name', (backend) => {
  const biller = new BreakerBiller();
  const t = useTestApp(backend, { biller });

  it('pauses the product all the same: each purchase its breaker refused counts as unanswered; the trial resumes it', async () => {
    const buyers: Buyer[] = [];
    for (let i = 0; i < 5; i++) buyers.push(await newBuyer(t, 5_000));
    const airtel = await providerId(t, 'airtime', 'Airtel');
    const order = { provider_id: airtel, beneficiary: '08021234567', amount: 100, pin: PIN };
    biller.down = true;
    for (const buyer of [...buyers, ...buyers]) {
      const refused = await buy(t, buyer.token, 'airtime', order);
      expect([refused.status, refused.body.message]).toEqual([
        502,
        'Simulated is not answering right now. Please try again in a few minutes.',
      ]);
    }
    const paused = await buy(t, buyers[0].token, 'airtime', order);
    expect([paused.status, paused.body.data]).toMatchObject([503, { reason: 'product-paused' }]);
    expect(await balance(t, buyers[0].token)).toBe(5_000);

    biller.down = false;
    t.clock.advance(PRODUCT_PAUSE_COOL_DOWN_MS);
    const trial = await buy(t, buyers[0].token, 'airtime', order);
    expect([trial.status, trial.body.data?.status]).toEqual([200, 'completed']);
    expect(await t.db.selectFrom('product_pauses').selectAll().execute()).toEqual([]);
  });
});
