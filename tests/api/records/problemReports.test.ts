import { beforeAll, describe, expect, it } from 'vitest';
import type { ProblemReport, Transaction } from '../../../core/contract';
import { signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { buy, newBuyer, providerId, PIN, type Buyer } from '../../support/api/purchases';

describe.each(backends)('problem reports on $name', (backend) => {
  let mtn: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  const fetchReport = (token: string, transaction_id: unknown) =>
    t.call<ProblemReport | null>('/api/problem-reports/fetch', { token, body: { transaction_id } });
  const report = (token: string, body: unknown) =>
    t.call<ProblemReport>('/api/problem-reports/create', { token, body });

  /** A buyer with one airtime purchase; beneficiary ending 0005 stays processing with the simulated biller. */
  async function purchased(beneficiary = '08031234567'): Promise<{ buyer: Buyer; transaction: Transaction }> {
    const buyer = await newBuyer(t, 1_000);
    const reply = await buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary, amount: 200, pin: PIN });
    expect(reply.status, reply.body.message).toBe(200);
    return { buyer, transaction: reply.body.data! };
  }

  it('opens a case with a reason, a note and the reference, e-mails an acknowledgement, and shows it on the transaction', async () => {
    const { buyer, transaction } = await purchased('08031230005');
    expect(transaction.status).toBe('processing');
    expect(await fetchReport(buyer.token, transaction.id)).toMatchObject({ status: 200, body: { data: null } });

    const reply = await report(buyer.token, {
      transaction_id: transaction.id,
      reason: 'still-processing',
      note: '  Paid yesterday,\r\nstill nothing.  ',
    });
    expect(reply.status, reply.body.message).toBe(201);
    const opened = reply.body.data!;
    expect(opened).toMatchObject({
      transaction_id: transaction.id,
      reference: transaction.reference,
      reason: 'still-processing',
      note: 'Paid yesterday,\nstill nothing.',
      status: 'open',
    });
    expect(opened.case_number).toMatch(/^NW-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(reply.body.message).toBe(`we received your report: case ${opened.case_number}`);

    const mail = t.outbox
      .list(buyer.email)
      .find((m) => m.subject === `We received your report: case ${opened.case_number}`);
    expect(mail?.text).toContain(transaction.reference);
    expect(mail?.text).toContain('Processing for too long');
    expect(mail?.text).toContain('Paid yesterday,\nstill nothing.');
    expect(mail?.text).toContain('₦200.00');

    expect((await fetchReport(buyer.token, String(transaction.id))).body.data).toEqual(opened);
  });

  it('one case at a time per transaction: a second report is 409 naming the open case; once resolved, a new one may be opened', async () => {
    const { buyer, transaction } = await purchased();
    const first = (await report(buyer.token, { transaction_id: transaction.id, reason: 'not-received' })).body.data!;
    expect(first.note).toBe('');
    expect(await report(buyer.token, { transaction_id: transaction.id, reason: 'other', note: 'again' })).toMatchObject(
      {
        status: 409,
        body: { message: `a problem with this transaction is already being looked into: case ${first.case_number}` },
      },
    );
    await t.db
      .updateTable('problem_reports')
      .set({ status: 'resolved', resolution_note: 'Delivered by the biller', resolved_at: t.clock.now() })
      .where('case_number', '=', first.case_number)
      .execute();
    const second = await report(buyer.token, { transaction_id: transaction.id, reason: 'token-not-working' });
    expect(second.status).toBe(201);
    expect(second.body.data!.case_number).not.toBe(first.case_number);
    expect((await fetchReport(buyer.token, transaction.id)).body.data).toMatchObject({
      case_number: second.body.data!.case_number,
      status: 'open',
    });
  });

  it('concurrent reports of one transaction open one case', async () => {
    const { buyer, transaction } = await purchased();
    const replies = await Promise.all(
      [1, 2, 3].map(() => report(buyer.token, { transaction_id: transaction.id, reason: 'other' })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('any transaction can be reported, a funding too', async () => {
    const buyer = await newBuyer(t, 500);
    const [funding] = (await t.call<{ data: Transaction[] }>('/api/fetch-transactions', { token: buyer.token })).body
      .data!.data;
    expect(funding.category).not.toBe('airtime');
    expect((await report(buyer.token, { transaction_id: funding.id, reason: 'wrong-amount' })).status).toBe(201);
  });

  it("nobody reports or reads a case of another user's transaction: 404, as if it did not exist", async () => {
    const { buyer, transaction } = await purchased();
    await report(buyer.token, { transaction_id: transaction.id, reason: 'other', note: 'private' });
    const intruder = await signUp(t);
    for (const id of [transaction.id, 987_654_321]) {
      expect(await fetchReport(intruder.token, id)).toMatchObject({
        status: 404,
        body: { message: 'transaction not found' },
      });
      expect(await report(intruder.token, { transaction_id: id, reason: 'other' })).toMatchObject({
        status: 404,
        body: { message: 'transaction not found' },
      });
    }
    expect(t.outbox.list(intruder.email).some((m) => m.subject.startsWith('We received your report'))).toBe(false);
  });

  it.each([
    ['no reason', { transaction_id: 1 }, 'please choose what went wrong'],
    ['an unknown reason', { transaction_id: 1, reason: 'refund-me-twice' }, 'please choose what went wrong'],
    ['a reason that is not text', { transaction_id: 1, reason: ['other'] }, 'please choose what went wrong'],
    [
      'a note too long',
      { transaction_id: 1, reason: 'other', note: 'x'.repeat(1001) },
      'note must be at most 1000 characters',
    ],
    [
      'a note with control characters',
      { transaction_id: 1, reason: 'other', note: 'a\u0000b' },
      'note must not contain control characters',
    ],
    ['a note that is not text', { transaction_id: 1, reason: 'other', note: 42 }, 'note must be text'],
    ['no transaction', { reason: 'other' }, 'transaction_id is required'],
    [
      'a transaction id that is text',
      { transaction_id: 'latest', reason: 'other' },
      'transaction_id must be a positive whole number',
    ],
    ['no body', undefined, 'the request body must be a JSON object'],
  ])('answers a report with %s with 422', async (_case, body, message) => {
    const { token } = await signUp(t);
    expect(await report(token, body)).toMatchObject({ status: 422, body: { type: 'error', message } });
  });

  it('requires a session', async () => {
    expect((await t.call('/api/problem-reports/fetch', { body: { transaction_id: 1 } })).status).toBe(401);
    expect((await t.call('/api/problem-reports/create', { body: { transaction_id: 1, reason: 'other' } })).status).toBe(
      401,
    );
  });
});
