import { inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatementSummary } from '../../../core/contract';
import { statementCsv } from '../../../server/services/records/statements/statementCsv';
import { drawable, statementWords } from '../../../server/services/records/statements/statementWords';
import { DocumentSlots, STATEMENTS_BUSY } from '../../../server/services/records/statements/documentSlots';
import { assertDocumentSize, type Statement } from '../../../server/services/records/statements/ledgerStatement';
import { signUp } from '../../support/api/accounts';
import { startTestApp, testConfig } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { balance, buy, fund, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';

const DAY = 24 * 60 * 60 * 1000;

/** The text a PDF draws: pdfkit writes each run as hex strings inside TJ arrays of deflated content streams. */
function pdfText(pdf: Buffer): string {
  const runs: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g)) {
      runs.push(
        [...tj[1].matchAll(/<([0-9a-f]*)>/g)].map((hex) => Buffer.from(hex[1], 'hex').toString('latin1')).join(''),
      );
    }
  }
  return runs.join('\n');
}

/** The CSV's rows as cells (every cell is quoted; no cell of ours holds a quote or a line break). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.slice(1, -1).split('","'));

const kobo = (text: string) => (text === '' ? 0n : BigInt(text.replace('.', '')));

describe.each(backends)('statements on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  // 09:00 in Lagos on 1 March 2026: three statement days follow.
  const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
  let balanceAfterDay2 = 0;
  let balanceNow = 0;

  const t = useTestApp(backend, { clock });
  beforeAll(async () => {
    mtn = await providerId(t, 'airtime', 'MTN');
    // 1 March: funded ₦1,000.
    buyer = await newBuyer(t, 1_000);
    clock.advance(DAY);
    // 2 March: airtime ₦150.50 delivered (₦3.01 cashback at 2 %), ₦200 declined and refunded, ₦250.25 funded.
    const airtime = (beneficiary: string, amount: string) =>
      buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary, amount, pin: PIN });
    expect((await airtime('08031234567', '150.50')).body.data?.status).toBe('completed');
    expect((await airtime('08031230001', '200')).status).toBe(502);
    await fund(t, buyer.accountNumber, 250.25);
    balanceAfterDay2 = await balance(t, buyer.token);
    clock.advance(DAY);
    // 3 March: airtime ₦99.99 (₦1.99 cashback).
    expect((await airtime('08031234567', '99.99')).body.data?.status).toBe('completed');
    balanceNow = await balance(t, buyer.token);
  });

  const summary = (token: string, body: unknown) =>
    t.call<StatementSummary>('/api/statements/summary', { token, body });
  const download = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/statements/download',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('one day: the balance before it, what came in and went out, the balance after, reconciled to the kobo', async () => {
    const reply = await summary(buyer.token, { from: '2026-03-02', to: '2026-03-02' });
    expect(reply.body.data).toEqual({
      from: '2026-03-02',
      to: '2026-03-02',
      opening_balance: 1000,
      // The refund of the declined ₦200, the ₦250.25 transfer and the ₦3.01 cashback.
      total_credits: 453.26,
      // ₦150.50 and the ₦200 reserved for the declined bill.
      total_debits: 350.5,
      closing_balance: 1102.76,
      entries: 5,
    });
    expect(reply.body.data!.closing_balance).toBe(balanceAfterDay2);
  });

  it('the whole history ends on the wallet balance; an empty range shows the balance unchanged', async () => {
    const all = (await summary(buyer.token, { from: '2026-02-01', to: '2026-03-03' })).body.data!;
    // The first funding, 2 March's five entries, 3 March's purchase and its cashback.
    expect(all).toMatchObject({ opening_balance: 0, closing_balance: balanceNow, entries: 8 });
    const before = (await summary(buyer.token, { from: '2026-02-01', to: '2026-02-28' })).body.data!;
    expect(before).toMatchObject({
      opening_balance: 0,
      total_credits: 0,
      total_debits: 0,
      closing_balance: 0,
      entries: 0,
    });
  });

  it('the CSV lists every entry with a running balance, and its own figures reconcile', async () => {
    const response = await download(buyer.token, { from: '2026-03-01', to: '2026-03-03', format: 'csv' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="naira-wallet-statement-2026-03-01-to-2026-03-03.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    // The account's claim is gone by the last byte: the next download may start at once.
    expect(
      await t.db.selectFrom('statement_downloads').selectAll().where('user_id', '=', buyer.userId).execute(),
    ).toEqual([]);
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual([
      'Date (Lagos)',
      'Description',
      'Reference',
      'Money out (NGN)',
      'Money in (NGN)',
      'Balance (NGN)',
    ]);
    expect(rows[1]).toEqual(['2026-03-01', 'Opening balance', '', '', '', '0.00']);
    const entries = rows.slice(2, -2);
    expect(entries).toHaveLength(8);
    let running = 0n;
    for (const [, , , out, into, after] of entries) {
      running += kobo(into) - kobo(out);
      expect(kobo(after)).toBe(running);
    }
    expect(entries.map((row) => row[1])).toContainEqual(
      expect.stringMatching(/^Refund: ₦200\.00 MTN airtime for 08031230001$/),
    );
    const [, , , debits, credits] = rows.at(-2)!;
    const closing = rows.at(-1)!;
    expect(closing[1]).toBe('Closing balance');
    expect(kobo(credits) - kobo(debits)).toBe(kobo(closing[5]));
    expect(kobo(closing[5])).toBe(BigInt(Math.round(balanceNow * 100)));
  });

  it('the PDF shows the same totals', async () => {
    const response = await download(buyer.token, { from: '2026-03-02', to: '2026-03-02', format: 'pdf' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Wallet statement',
      'Period: 2026-03-02 to 2026-03-02',
      'Opening balance',
      'NGN 1,000.00',
      'NGN 453.26',
      'NGN 350.50',
      'Closing balance',
      'NGN 1,102.76',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('NGN 150.50 MTN airtime for 08031234567');
  });

  it("is written in the account's language: its headings, totals and each entry's description", async () => {
    const language = (value: string) => t.call('/api/user/language', { token: buyer.token, body: { language: value } });
    expect((await language('yo')).status).toBe(200);
    try {
      const csv = csvRows((await download(buyer.token, { from: '2026-03-02', to: '2026-03-02', format: 'csv' })).body);
      expect(csv[0]).toEqual([
        'Ọjọ́ (Lagos)',
        'Àlàyé',
        'Nọ́mbà ìtọ́kasí',
        'Owó tó jáde (NGN)',
        'Owó tó wọlé (NGN)',
        'Iye owó (NGN)',
      ]);
      expect(csv[1]).toEqual(['2026-03-02', 'Iye owó ní ìbẹ̀rẹ̀', '', '', '', '1000.00']);
      const descriptions = csv.slice(2, -2).map((cells) => cells[1]);
      expect(descriptions).toEqual(
        expect.arrayContaining([
          '₦150.50 káàdì ìpè MTN fún 08031234567',
          'A ti dá owó padà: ₦200.00 káàdì ìpè MTN fún 08031230001',
          'owó ẹ̀bùn (cashback) ₦3.01 lórí ₦150.50 káàdì ìpè MTN fún 08031234567',
          'Fífi owó sínú àpò owó nípa ìfiránṣẹ́ owó láti báǹkì',
        ]),
      );
      expect(csv.at(-1)?.[1]).toBe('Iye owó ní ìparí');
      // The PDF's standard fonts draw Latin-1 only: Yoruba's marked letters as their plain letters.
      const pdf = await download(buyer.token, { from: '2026-03-02', to: '2026-03-02', format: 'pdf' });
      const text = pdfText(pdf.rawPayload);
      for (const expected of ['Ìtàn àpò owó', 'Àkókò: láti 2026-03-02 sí 2026-03-02', 'NGN 150.50 káàdì ìpè MTN fún'])
        expect(text).toContain(drawable(expected));
      expect(text).not.toContain('?');
    } finally {
      expect((await language('en')).status).toBe(200);
    }
  });

  it("another user's statement holds nothing of this one's", async () => {
    const other = await signUp(t);
    expect((await summary(other.token, { from: '2026-03-01', to: '2026-03-03' })).body.data).toMatchObject({
      opening_balance: 0,
      closing_balance: 0,
      entries: 0,
    });
    const csv = (await download(other.token, { from: '2026-03-01', to: '2026-03-03', format: 'csv' })).body;
    expect(csvRows(csv)).toHaveLength(4);
  });

  it.each([
    ['no dates', {}, 'please choose the from date'],
    ['a date that is not a day', { from: '2026-02-30', to: '2026-03-01' }, 'from must be a date (YYYY-MM-DD)'],
    ['a date in another shape', { from: '01/03/2026', to: '2026-03-01' }, 'from must be a date (YYYY-MM-DD)'],
    ['a date that is a number', { from: 20260301, to: '2026-03-01' }, 'from must be a date (YYYY-MM-DD)'],
    [
      'dates the wrong way round',
      { from: '2026-03-02', to: '2026-03-01' },
      'the start date must not be after the end date',
    ],
    ['an end after today', { from: '2026-03-01', to: '2026-03-04' }, 'the statement cannot end after today'],
    ['more than a year', { from: '2025-03-01', to: '2026-03-02' }, 'a statement covers at most 366 days'],
  ])('answers %s with 422', async (_case, body, message) => {
    expect(await summary(buyer.token, body)).toMatchObject({ status: 422, body: { type: 'error', message } });
    const response = await download(buyer.token, { ...body, format: 'pdf' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ type: 'error', message });
  });

  it('answers an unknown format with 422, and needs a session', async () => {
    expect(
      (await download(buyer.token, { from: '2026-03-01', to: '2026-03-01', format: 'xlsx' })).json(),
    ).toMatchObject({ message: 'format must be csv or pdf' });
    expect((await t.call('/api/statements/summary', { body: { from: '2026-03-01', to: '2026-03-01' } })).status).toBe(
      401,
    );
    expect(
      (await t.call('/api/statements/download', { body: { from: '2026-03-01', to: '2026-03-01', format: 'csv' } }))
        .status,
    ).toBe(401);
  });
});

describe('statement CSV', () => {
  it('writes a cell a spreadsheet would run as a formula as text, and doubles quotes', async () => {
    const at = new Date('2026-03-01T08:00:00Z');
    const header = {
      holder: { name: 'Ada', email: 'ada@example.com' },
      from: '2026-03-01',
      to: '2026-03-01',
      openingKobo: 0n,
      creditsKobo: 1000n,
      debitsKobo: 0n,
      closingKobo: 1000n,
      entries: 2,
      generatedAt: at,
    };
    async function* pages() {
      yield [
        { at, description: '=HYPERLINK("http://evil")', reference: '+234', amountKobo: 600n, balanceKobo: 600n },
        { at, description: '@SUM(A1)', reference: '-1', amountKobo: 400n, balanceKobo: 1000n },
      ];
    }
    let csv = '';
    for await (const chunk of statementCsv(header, statementWords(header.from, header.to, at), pages())) csv += chunk;
    expect(csv.split('\r\n').slice(2, 4)).toEqual([
      '"2026-03-01 09:00","\'=HYPERLINK(""http://evil"")","\'+234","","6.00","6.00"',
      '"2026-03-01 09:00","\'@SUM(A1)","\'-1","","4.00","10.00"',
    ]);
  });
});

describe('statement requests', () => {
  it('share one per-account budget for totals and downloads; another account keeps its own', async () => {
    const t = await startTestApp(backends[0], {
      config: { rateLimits: { ...testConfig().rateLimits, statements: { max: 2, windowMs: 60_000 } } },
    });
    try {
      const [first, second] = [await signUp(t), await signUp(t)];
      const today = new Date().toISOString().slice(0, 10);
      const period = { from: '2026-01-01', to: '2026-01-31' };
      expect(today > period.to).toBe(true);
      expect((await t.call('/api/statements/summary', { token: first.token, body: period })).status).toBe(200);
      expect((await t.call('/api/statements/summary', { token: first.token, body: period })).status).toBe(200);
      const refused = await t.call('/api/statements/download', {
        token: first.token,
        body: { ...period, format: 'pdf' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/^too many attempts/);
      expect((await t.call('/api/statements/summary', { token: second.token, body: period })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('statement documents made at once by a process', () => {
  it('makes two at a time, queues a few more in order, and refuses past the queue with 503', async () => {
    const slots = new DocumentSlots(2, 1);
    const [first, second] = [await slots.acquire(), await slots.acquire()];
    let thirdStarted = false;
    const third = slots.acquire().then((release) => {
      thirdStarted = true;
      return release;
    });
    await expect(slots.acquire()).rejects.toMatchObject({ status: 503, message: STATEMENTS_BUSY });
    expect(thirdStarted).toBe(false);
    first();
    first(); // a release is counted once
    const releaseThird = await third;
    expect(thirdStarted).toBe(true);
    // Two running (second and third): a fourth waits again, a fifth is refused.
    const fourth = slots.acquire();
    await expect(slots.acquire()).rejects.toMatchObject({ status: 503 });
    second();
    releaseThird();
    (await fourth)();
    const again = [await slots.acquire(), await slots.acquire()];
    again.forEach((release) => release());
  });
});

describe('the size of a statement document', () => {
  it('holds at most 100,000 entries, and says so past that, before any work is done', () => {
    const of = (entries: number) => ({ entries }) as Statement;
    expect(() => assertDocumentSize(of(100_000))).not.toThrow();
    expect(() => assertDocumentSize(of(100_001))).toThrow(
      expect.objectContaining({
        status: 422,
        message:
          'these dates hold 100,001 entries, more than the 100,000 a statement can hold: please choose a shorter period',
      }),
    );
  });
});
