import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerPage, Glance, LateBills } from '../../../core/console';
import type { Transaction } from '../../../core/contract';
import { startOfLagosDay } from '../../../core/days';
import { runRequery } from '../../../server/jobs/requery';
import { FINAL_ASK_LEAD_MS, PENDING_DEADLINE_MS } from '../../../server/services/purchases/deadline';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { buy, newBuyer, PIN, providerId, ScriptedBiller, type Buyer } from '../../support/api/purchases';
import { customerIdOf, ops, staffMember, type StaffMember } from '../../support/api/staff';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * What operators see of the 24-hour rule, on one Lagos day the test arranges: the glance counts
 * today's refunds within 30 s, within 24 h and past 24 h (a breach) and lists the bills nearest
 * their deadline; finance lists the exposures open and settled, with the losses written off.
 */
describe.each(backends)('the 24-hour deadline in the operator console on $name', (backend) => {
  let buyer: Buyer & { id: number };
  let support: StaffMember;
  let finance: StaffMember;
  let mtn: number;
  let numbers = 0;
  const bills: Record<'declined' | 'atDeadline' | 'breach' | 'nearest' | 'next', Transaction> = {} as never;
  const biller = new ScriptedBiller();
  const t = useTestApp(backend, { biller });
  const deps = () => ({ biller, billerTimeoutMs: t.config.billerTimeoutMs, timeouts: t.clock });
  const phones = new Map<number, string>();
  const airtime = async (ending: string, amount: number) => {
    const beneficiary = `0803${String(++numbers).padStart(3, '0')}${ending}`;
    const bought = (await buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary, amount, pin: PIN })).body
      .data!;
    phones.set(bought.id, beneficiary);
    return bought;
  };
  const moveTo = (at: number) => t.clock.advance(at - t.clock.now().getTime());

  beforeAll(async () => {
    const bought = await newBuyer(t, 10_000);
    buyer = { ...bought, id: await customerIdOf(t, bought.email) };
    mtn = await providerId(t, 'airtime', 'MTN');
    // Day D, 00:30 in Lagos: two bills the biller never settles, five minutes apart.
    const dayD = startOfLagosDay(t.clock.now()).getTime() + 24 * HOUR;
    moveTo(dayD + 30 * MINUTE);
    bills.atDeadline = await airtime('0005', 500);
    t.clock.advance(5 * MINUTE);
    bills.breach = await airtime('0005', 700);
    // D+1, 00:29: the first one's last ask refunds it; the second one's is five minutes later.
    moveTo(dayD + 24 * HOUR + 30 * MINUTE - FINAL_ASK_LEAD_MS);
    await runRequery(t.ctx, deps());
    // The job was down for an hour past the second one's deadline: refunded 25 hours after its debit.
    moveTo(dayD + 25 * HOUR + 35 * MINUTE);
    await runRequery(t.ctx, deps());
    // The biller delivers the first one after all: the loss is written off.
    biller.script.set(phones.get(bills.atDeadline.id)!, [async () => ({ status: 'delivered', receipt: {} })]);
    t.clock.advance(HOUR);
    await runRequery(t.ctx, deps());
    // A declined bill, refunded at once; two bills still pending, an hour and more later.
    bills.declined = await airtime('0001', 200);
    bills.nearest = await airtime('0005', 300);
    t.clock.advance(10 * MINUTE);
    bills.next = await airtime('0005', 400);
    t.clock.advance(2 * HOUR);
    [support, finance] = [await staffMember(t, 'support'), await staffMember(t, 'finance')];
  });

  it("the glance counts today's refunds against the 30-second and 24-hour limits, and lists the bills nearest their deadline", async () => {
    const glance = (await ops<Glance>(t, 'glance', {}, support.token)).body.data!;
    expect(glance.refunds).toEqual({
      within_30s: 1,
      within_24h: 1,
      past_24h: 1,
      open_exposures: 1,
      open_total: 700,
    });
    expect(glance.stuck_bills.count).toBe(2);
    expect(glance.stuck_bills.oldest.map((bill) => bill.id)).toEqual([bills.nearest.id, bills.next.id]);
    expect(glance.stuck_bills.oldest[0].bill).toMatchObject({
      deadline_at: new Date(new Date(bills.nearest.created_at).getTime() + PENDING_DEADLINE_MS).toISOString(),
      exposure: null,
    });
  });

  it('finance lists the open exposures and those settled, with the losses written off; support may not', async () => {
    expect((await ops(t, 'late-bills/list', {}, support.token)).status).toBe(403);
    const reply = await ops<LateBills>(t, 'late-bills/list', {}, finance.token);
    expect(reply.status).toBe(200);
    const late = reply.body.data!;
    expect(late).toMatchObject({ open_count: 1, open_total: 700, lost_count: 1, lost_total: 500 });
    expect(late.open).toEqual([
      expect.objectContaining({
        transaction_id: bills.breach.id,
        customer_id: buyer.id,
        reference: bills.breach.reference,
        amount: 700,
        exposure: 'open',
        resolved_at: null,
        debited_at: bills.breach.created_at,
      }),
    ]);
    expect(late.settled).toEqual([
      expect.objectContaining({ transaction_id: bills.atDeadline.id, exposure: 'delivered', amount: 500 }),
    ]);
    const [settled] = late.settled;
    expect(new Date(settled.refunded_at).getTime() - new Date(settled.debited_at).getTime()).toBe(
      PENDING_DEADLINE_MS - FINAL_ASK_LEAD_MS,
    );
  });

  it("the customer's page shows each bill's deadline and exposure", async () => {
    const page = (await ops<CustomerPage>(t, 'customers/view', { customer_id: buyer.id }, support.token)).body.data!;
    const bill = (id: number) => page.transactions.find((transaction) => transaction.id === id)!.bill;
    expect(bill(bills.breach.id)).toMatchObject({ exposure: 'open' });
    expect(bill(bills.atDeadline.id)).toMatchObject({ exposure: 'delivered' });
    expect(bill(bills.declined.id)).toMatchObject({ exposure: null });
  });
});
