import { describe, expect, it } from 'vitest';
import { isPlainSms } from '../../../server/gateways/sms';
import { newPhone, verifyPhone } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { buyElectricity, buyExamPin, replayedFunding, settleAtOnce, useAirtimeBuyer } from '../../support/api/outcomes';
import { buy, fund, newBuyer } from '../../support/api/purchases';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * A text for every outcome, to a verified phone: a purchase delivered (with the electricity token,
 * or the exam pin and its serial), failed and refunded (at once, or once a requery says so), and
 * each funding of the wallet. Each goes through the outbox with its change, once however many
 * settle the same bill, in one page of plain text; a phone not verified gets none. The ledger is
 * audited after each test (useTestApp).
 */
describe.each(backends)('the texts of every outcome on $name', (backend) => {
  const t = useTestApp(backend);
  // Funded once the phone is verified: the funding is texted, and its text is the first test's.
  const shop = useAirtimeBuyer(t, async () => {
    const buyer = await newBuyer(t, 0, { phone: newPhone() });
    await verifyPhone(t, buyer);
    await fund(t, buyer.accountNumber, 100_000);
    return buyer;
  });
  const { airtime } = shop;

  /** The outcome texts to the buyer's phone, newest first (the phone's code is not one). */
  const texts = (phone = shop.buyer.phone) =>
    t.texts
      .list(phone)
      .map((sms) => sms.text)
      .filter((text) => text.startsWith('Naira Wallet: '));
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
    const reference = await replayedFunding(t, shop.buyer.accountNumber);
    expect(texts()).toHaveLength(before + 1);
    expect(texts()[0]).toContain('N12,345.00 added to your wallet from Bola Ige');
    expect(texts()[0]).toContain(`Ref ${reference}`);
  });

  it('a delivered purchase: the amount, what was bought and its reference', async () => {
    const reply = await buy(t, shop.buyer.token, 'airtime', airtime('08031234567', 500));
    const data = reply.body.data!;
    const [text] = texts();
    expect(text).toBe(`Naira Wallet: N500.00 paid for MTN airtime for 08031234567. Ref ${data.reference}`);
    onePage(text);
  });

  it('electricity: the token is in the text; an exam pin with its serial too', async () => {
    const power = await buyElectricity(t, shop.buyer.token);
    expect(texts()[0]).toContain(`Token: ${power.display_value}.`);
    expect(texts()[0]).toContain('N2,000.00 paid for');
    onePage(texts()[0]);
    const exam = await buyExamPin(t, shop.buyer.token, 'WAEC Result Checker PIN', '08031234567');
    expect(exam.display_value).toMatch(/^Serial: \S+ PIN: \d{12}$/);
    expect(texts()[0]).toContain(` ${exam.display_value}.`);
    onePage(texts()[0]);
  });

  it('a failed purchase: the refund, and no token', async () => {
    const reply = await buy(t, shop.buyer.token, 'airtime', airtime('08030000001', 300));
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
    const reply = await buy(t, shop.buyer.token, 'airtime', airtime('08030000003', 400));
    expect(reply.body.data!.status).toBe('processing');
    expect(texts()).toHaveLength(before);
    await settleAtOnce(t, reply.body.data!.id);
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
