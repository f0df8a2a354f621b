import { beforeAll, describe, expect, it } from 'vitest';
import { runRequery } from '../../../server/jobs/requery';
import { isPlainSms } from '../../../server/gateways/sms';
import { requeryPurchase } from '../../../server/services/purchases/requery';
import { newPhone, verifyPhone } from '../../support/api/accounts';
import { chargeSuccess, deliver, newReference } from '../../support/api/bank';
import { backends } from '../../support/api/backends';
import {
  buy,
  fund,
  newBuyer,
  packageOf,
  pastRequeryDelay,
  PIN,
  providerId,
  purchaseDeps,
  type Buyer,
} from '../../support/api/purchases';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * A text for every outcome, to a verified phone: a purchase delivered (with the electricity token,
 * or the exam pin and its serial), failed and refunded (at once, or once a requery says so), and
 * each funding of the wallet. Each goes through the outbox with its change, once however many
 * settle the same bill, in one page of plain text; a phone not verified gets none. The ledger is
 * audited after each test (useTestApp).
 */
describe.each(backends)('the texts of every outcome on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    buyer = await newBuyer(t, 0, { phone: newPhone() });
    await verifyPhone(t, buyer);
    await fund(t, buyer.accountNumber, 100_000);
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  /** The outcome texts to the buyer's phone, newest first (the phone's code is not one). */
  const texts = (phone = buyer.phone) =>
    t.texts
      .list(phone)
      .map((sms) => sms.text)
      .filter((text) => text.startsWith('Naira Wallet: '));
  const airtime = (beneficiary: string, amount: number) => ({ provider_id: mtn, beneficiary, amount, pin: PIN });
  const onePage = (text: string) => {
    expect(text.length).toBeLessThanOrEqual(160);
    expect(isPlainSms(text)).toBe(true);
  };

  it('a funding: how much, from whom, and its reference', async () => {
    const [text] = texts();
    expect(text).toMatch(
      /^Naira Wallet: N100,000\.00 added to your wallet from Chinedu Eze, Guaranty Trust Bank\. Ref /,
    );
    onePage(text);
    // A funding by a partner's webhook too, once whatever the replays.
    const before = texts().length;
    const reference = newReference();
    const body = JSON.stringify(
      chargeSuccess(t, { accountNumber: buyer.accountNumber, amount: 1_234_500, reference, senderName: 'Bola Ige' }),
    );
    expect((await deliver(t, body)).status).toBe(200);
    expect((await deliver(t, body)).status).toBe(200);
    expect(texts()).toHaveLength(before + 1);
    expect(texts()[0]).toContain('N12,345.00 added to your wallet from Bola Ige');
    expect(texts()[0]).toContain(`Ref ${reference}`);
  });

  it('a delivered purchase: the amount, what was bought and its reference', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08031234567', 500));
    const data = reply.body.data!;
    const [text] = texts();
    expect(text).toBe(`Naira Wallet: N500.00 paid for MTN airtime for 08031234567. Ref ${data.reference}`);
    onePage(text);
  });

  it('electricity: the token is in the text; an exam pin with its serial too', async () => {
    const ikeja = await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)');
    const power = (
      await buy(t, buyer.token, 'electricity-bill', {
        provider_id: ikeja,
        beneficiary: '45031234567',
        amount: 2_000,
        pin: PIN,
      })
    ).body.data!;
    expect(texts()[0]).toContain(`Token: ${power.display_value}.`);
    expect(texts()[0]).toContain('N2,000.00 paid for');
    onePage(texts()[0]);
    const waec = await packageOf(t, 'WAEC Result Checker PIN');
    const exam = (
      await buy(t, buyer.token, 'education', {
        provider_id: waec.providerId,
        package_id: waec.id,
        beneficiary: '08031234567',
        pin: PIN,
      })
    ).body.data!;
    expect(exam.display_value).toMatch(/^Serial: \S+ PIN: \d{12}$/);
    expect(texts()[0]).toContain(` ${exam.display_value}.`);
    onePage(texts()[0]);
  });

  it('a failed purchase: the refund, and no token', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000001', 300));
    expect(reply.body.data!.status).toBe('canceled');
    const [text] = texts();
    expect(text).toBe(
      'Naira Wallet: your N300.00 payment for MTN airtime for 08030000001 failed. N300.00 is back in your wallet. ' +
        `Ref ${reply.body.data!.reference}`,
    );
    onePage(text);
  });

  it('a bill refunded later, by a requery: one text however many settle it at once', async () => {
    const before = texts().length;
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000003', 400));
    expect(reply.body.data!.status).toBe('processing');
    expect(texts()).toHaveLength(before);
    pastRequeryDelay(t);
    await Promise.all([
      runRequery(t.ctx, purchaseDeps(t)),
      ...Array.from({ length: 4 }, () => requeryPurchase(t.ctx, purchaseDeps(t), BigInt(reply.body.data!.id))),
    ]);
    expect(texts()).toHaveLength(before + 1);
    expect(texts()[0]).toContain('failed. N400.00 is back in your wallet.');
    // Each recorded sent once its provider took it (right after the commit, without holding the settle up).
    const rows = () =>
      t.db
        .selectFrom('outbox')
        .select(['channel', 'status'])
        .where('kind', '=', 'receipt')
        .where('event', '=', String(reply.body.data!.id))
        .orderBy('channel')
        .execute();
    await expect.poll(rows).toEqual([
      { channel: 'email', status: 'sent' },
      { channel: 'sms', status: 'sent' },
    ]);
  });

  it('a phone not verified gets no text: the e-mail receipt still goes', async () => {
    const other = await newBuyer(t, 5_000, { phone: newPhone() });
    const reply = await buy(t, other.token, 'airtime', airtime('08031234567', 100));
    expect(reply.body.data!.status).toBe('completed');
    expect(t.texts.list(other.phone)).toEqual([]);
    expect(t.outbox.list(other.email).some((mail) => mail.subject.startsWith('Your receipt for'))).toBe(true);
  });
});
