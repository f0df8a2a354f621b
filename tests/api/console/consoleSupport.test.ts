import { beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCase, ConsoleTransaction, CustomerHit, CustomerPage, Glance } from '../../../core/console';
import type { ProblemReport, Transaction, VirtualAccount } from '../../../core/contract';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { createAccounts } from '../../support/api/bank';
import { buy, newBuyer, pastRequeryDelay, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { customerIdOf, ops, staffMember, type StaffMember } from '../../support/api/staff';

/** Support's work: find a customer, read their page (recorded), requery a stuck bill, resolve the case (the customer is told). */
describe.each(backends)('support in the operator console on $name', (backend) => {
  let support: StaffMember;
  let admin: StaffMember;
  let buyer: Buyer & { id: number };
  let accounts: VirtualAccount[];
  let stuck: Transaction;
  const t = useTestApp(backend);
  beforeAll(async () => {
    [support, admin] = [await staffMember(t, 'support'), await staffMember(t, 'admin')];
    const bought = await newBuyer(t, 2_000);
    // A phone of its own: the test people share one.
    const phone = `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    expect(
      (await t.call('/api/update-profile', { token: bought.token, body: { device: 'web', name: bought.name, phone } }))
        .status,
    ).toBe(200);
    buyer = { ...bought, phone, id: await customerIdOf(t, bought.email) };
    accounts = await createAccounts(t, buyer.token);
    // Ends in 0002: pending at first, delivered when requeried.
    stuck = (
      await buy(t, buyer.token, 'airtime', {
        provider_id: await providerId(t, 'airtime', 'MTN'),
        beneficiary: '08031230002',
        amount: 500,
        pin: PIN,
      })
    ).body.data!;
  });

  it('finds the customer by phone, e-mail, account number, transaction reference and case number', async () => {
    const find = async (query: string) =>
      (await ops<CustomerHit[]>(t, 'customers/search', { query }, support.token)).body.data!.map((hit) => hit.id);
    expect(await find(buyer.phone)).toEqual([buyer.id]);
    expect(await find(`+234${buyer.phone.slice(1)}`)).toEqual([buyer.id]);
    expect(await find(buyer.email.toUpperCase())).toEqual([buyer.id]);
    expect(await find(accounts[0].account_number)).toEqual([buyer.id]);
    expect(await find(stuck.reference)).toEqual([buyer.id]);
    const opened = await t.call<ProblemReport>('/api/problem-reports/create', {
      token: buyer.token,
      body: { transaction_id: stuck.id, reason: 'still-processing', note: 'Paid, nothing came' },
    });
    expect(await find(opened.body.data!.case_number)).toEqual([buyer.id]);
  });

  it('shows the customer page — wallet, tier, masked identity, transactions with the bill, ledger, sessions, cases — and records the reading', async () => {
    const page = (await ops<CustomerPage>(t, 'customers/view', { customer_id: buyer.id }, support.token)).body.data!;
    expect(page.customer.email).toBe(buyer.email);
    // Verified identities as their last four digits only.
    expect(page.identity.bvn).toMatch(/^•{7}\d{4}$/);
    expect(page.identity.nin).toMatch(/^•{7}\d{4}$/);
    const bill = page.transactions.find((transaction) => transaction.id === stuck.id)!;
    expect(bill).toMatchObject({
      status: 'processing',
      bill: { biller: 'simulated', provider: 'MTN', beneficiary: '08031230002' },
    });
    expect(page.ledger.length).toBeGreaterThan(0);
    expect(page.sessions.some((session) => session.live)).toBe(true);
    expect(page.cases).toHaveLength(1);
    const audit = await ops<{ action: string; actor: string; customer_id: number }[]>(
      t,
      'audit/list',
      { action: 'customer.view', customer_id: buyer.id },
      admin.token,
    );
    expect(audit.body.data![0]).toMatchObject({ action: 'customer.view', actor: support.email, customer_id: buyer.id });
    expect((await ops(t, 'customers/view', { customer_id: 999_999 }, support.token)).status).toBe(404);
  });

  it('requeries a stuck bill now, settling it by the biller’s answer, and the glance shows the day', async () => {
    pastRequeryDelay(t);
    const requeried = await ops<ConsoleTransaction>(
      t,
      'customers/requery',
      { transaction_id: stuck.id },
      support.token,
    );
    expect(requeried.status, requeried.body.message).toBe(200);
    expect(requeried.body.data!.status).toBe('completed');
    expect((await ops(t, 'customers/requery', { transaction_id: stuck.id }, support.token)).status).toBe(409);
    const glance = (await ops<Glance>(t, 'glance', {}, support.token)).body.data!;
    expect(glance.purchases.find((row) => row.category === 'airtime')).toMatchObject({ completed: 1 });
    expect(glance.providers[0]).toMatchObject({ kind: 'biller', breaker: 'none' });
    const audited = await ops<Glance['ledger_audit']>(t, 'glance/audit', {}, support.token);
    expect(audited.body.data).toMatchObject({ problem_count: 0 });
  });

  it('takes the case into review and resolves it with a note the customer receives by e-mail and sees on the transaction', async () => {
    const [open] = (await ops<ConsoleCase[]>(t, 'cases/list', {}, support.token)).body.data!;
    expect((await ops(t, 'cases/review', { case_number: open.case_number }, support.token)).status).toBe(200);
    const note = 'The biller confirmed delivery at 10:42. Your airtime is on your line.';
    const resolved = await ops<ConsoleCase>(t, 'cases/resolve', { case_number: open.case_number, note }, support.token);
    expect(resolved.body.data).toMatchObject({ status: 'resolved', resolution_note: note });
    expect((await ops(t, 'cases/resolve', { case_number: open.case_number, note }, support.token)).status).toBe(409);
    const mail = t.outbox
      .list(buyer.email)
      .find((candidate) => candidate.subject === `Case ${open.case_number} resolved`)!;
    expect(mail.text).toContain(note);
    const seen = await t.call<ProblemReport>('/api/problem-reports/fetch', {
      token: buyer.token,
      body: { transaction_id: stuck.id },
    });
    expect(seen.body.data).toMatchObject({ status: 'resolved', resolution_note: note });
  });

  it('ends a customer’s sessions: their token stops working at once', async () => {
    const ended = await ops<{ ended: number }>(
      t,
      'customers/revoke-sessions',
      { customer_id: buyer.id },
      support.token,
    );
    expect(ended.body.data!.ended).toBeGreaterThan(0);
    expect((await t.call('/api/get-user', { token: buyer.token })).status).toBe(401);
  });

  it('records an operator decision on the customer’s address, shown on the page', async () => {
    const decided = await ops(
      t,
      'customers/address-decision',
      { customer_id: buyer.id, verified: true, note: 'Utility bill of October, name and address match' },
      support.token,
    );
    expect(decided.status).toBe(200);
    const page = (await ops<CustomerPage>(t, 'customers/view', { customer_id: buyer.id }, support.token)).body.data!;
    expect(page.identity.address).toMatchObject({ verified: true, decided_by: support.email });
  });
});
