import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { buyElectricity, buyExamPin, replayedFunding, settleAtOnce, useAirtimeBuyer } from '../../support/api/outcomes';
import { buy, newBuyer } from '../../support/api/purchases';

/**
 * E-mailed receipts: every completed or refunded purchase and every funding, in text
 * and HTML, with amount, reference and status, and the token or pin the customer must keep;
 * queued with the change and sent once per event (a mail server that fails and comes back:
 * tests/api/notifications/outboxDelivery.test.ts).
 */
describe.each(backends)('receipts on $name', (backend) => {
  const t = useTestApp(backend);
  const shop = useAirtimeBuyer(t, () => newBuyer(t, 100_000));
  const { airtime } = shop;

  const receipts = (email = shop.buyer.email) =>
    t.outbox.list(email).filter((mail) => /^(Your receipt for|Refunded:|Wallet funded:)/.test(mail.subject));

  it('a completed purchase: amount, status, reference, cashback, in text and HTML', async () => {
    const before = receipts().length;
    const reply = await buy(t, shop.buyer.token, 'airtime', airtime('08031234567', 500));
    const data = reply.body.data!;
    expect(receipts()).toHaveLength(before + 1);
    const [mail] = receipts();
    expect(mail.subject).toBe(`Your receipt for ${data.description}`);
    for (const part of ['₦500.00', 'Successful', data.reference, 'Cashback: ₦10.00', data.description])
      expect(mail.text).toContain(part);
    expect(mail.html).toContain(data.reference);
    expect(mail.html).toContain('₦500.00');
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it('electricity: the token is on the receipt; an exam pin too', async () => {
    const power = await buyElectricity(t, shop.buyer.token);
    expect(receipts()[0].text).toContain(`Token: ${power.display_value}`);
    expect(receipts()[0].html).toContain(power.display_value);
    const exam = await buyExamPin(t, shop.buyer.token, 'JAMB UTME ePIN', 'AB12CD34EF');
    expect(receipts()[0].text).toContain(`PIN: ${exam.display_value}`);
  });

  it('a failed purchase: a refund receipt, no token', async () => {
    const reply = await buy(t, shop.buyer.token, 'airtime', airtime('08030000001', 300));
    const [mail] = receipts();
    expect(mail.subject).toBe(`Refunded: ${reply.body.data!.description}`);
    expect(mail.text).toContain('Failed, refunded to your wallet');
    expect(mail.text).toContain(reply.body.data!.reference);
  });

  it('a processing purchase mails nothing until it settles, then once however many requeries race', async () => {
    const before = receipts().length;
    const reply = await buy(t, shop.buyer.token, 'airtime', airtime('08030000002', 400));
    expect(receipts()).toHaveLength(before);
    await settleAtOnce(t, reply.body.data!.id);
    expect(receipts()).toHaveLength(before + 1);
    expect(receipts()[0].text).toContain(reply.body.data!.reference);
  });

  it('a funding: one receipt, none for a replayed webhook', async () => {
    const before = receipts().length;
    const reference = await replayedFunding(t, shop.buyer.accountNumber);
    expect(receipts()).toHaveLength(before + 1);
    const [mail] = receipts();
    expect(mail.subject).toBe('Wallet funded: ₦12,345.00');
    for (const part of ['₦12,345.00', 'Successful', reference, 'Bola Ige']) expect(mail.text).toContain(part);
  });
});
