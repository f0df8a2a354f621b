import { beforeAll, describe, expect, it } from 'vitest';
import { runRequery } from '../../../server/jobs/requery';
import { requeryPurchase } from '../../../server/services/purchases/requery';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { deliver, chargeSuccess, newReference } from '../../support/api/bank';
import {
  buy,
  newBuyer,
  packageOf,
  pastRequeryDelay,
  PIN,
  providerId,
  purchaseDeps,
  type Buyer,
} from '../../support/api/purchases';

/**
 * E-mailed receipts: every completed or refunded purchase and every funding, in text
 * and HTML, with amount, reference and status, and the token or pin the customer must keep;
 * queued with the change and sent once per event (a mail server that fails and comes back:
 * tests/api/notifications/outboxDelivery.test.ts).
 */
describe.each(backends)('receipts on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    buyer = await newBuyer(t, 100_000);
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  const receipts = (email = buyer.email) =>
    t.outbox.list(email).filter((mail) => /^(Your receipt for|Refunded:|Wallet funded:)/.test(mail.subject));
  const airtime = (beneficiary: string, amount: number) => ({ provider_id: mtn, beneficiary, amount, pin: PIN });

  it('a completed purchase: amount, status, reference, cashback, in text and HTML', async () => {
    const before = receipts().length;
    const reply = await buy(t, buyer.token, 'airtime', airtime('08031234567', 500));
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
    const ikeja = await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)');
    const power = (
      await buy(t, buyer.token, 'electricity-bill', {
        provider_id: ikeja,
        beneficiary: '45031234567',
        amount: 2_000,
        pin: PIN,
      })
    ).body.data!;
    expect(receipts()[0].text).toContain(`Token: ${power.display_value}`);
    expect(receipts()[0].html).toContain(power.display_value);
    const utme = await packageOf(t, 'JAMB UTME ePIN');
    const exam = (
      await buy(t, buyer.token, 'education', {
        provider_id: utme.providerId,
        package_id: utme.id,
        beneficiary: 'AB12CD34EF',
        pin: PIN,
      })
    ).body.data!;
    expect(receipts()[0].text).toContain(`PIN: ${exam.display_value}`);
  });

  it('a failed purchase: a refund receipt, no token', async () => {
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000001', 300));
    const [mail] = receipts();
    expect(mail.subject).toBe(`Refunded: ${reply.body.data!.description}`);
    expect(mail.text).toContain('Failed, refunded to your wallet');
    expect(mail.text).toContain(reply.body.data!.reference);
  });

  it('a processing purchase mails nothing until it settles, then once however many requeries race', async () => {
    const before = receipts().length;
    const reply = await buy(t, buyer.token, 'airtime', airtime('08030000002', 400));
    expect(receipts()).toHaveLength(before);
    pastRequeryDelay(t);
    await Promise.all([
      runRequery(t.ctx, purchaseDeps(t)),
      ...Array.from({ length: 4 }, () => requeryPurchase(t.ctx, purchaseDeps(t), BigInt(reply.body.data!.id))),
    ]);
    expect(receipts()).toHaveLength(before + 1);
    expect(receipts()[0].text).toContain(reply.body.data!.reference);
  });

  it('a funding: one receipt, none for a replayed webhook', async () => {
    const before = receipts().length;
    const reference = newReference();
    const body = JSON.stringify(
      chargeSuccess(t, { accountNumber: buyer.accountNumber, amount: 1_234_500, reference, senderName: 'Bola Ige' }),
    );
    expect((await deliver(t, body)).status).toBe(200);
    expect((await deliver(t, body)).status).toBe(200);
    expect(receipts()).toHaveLength(before + 1);
    const [mail] = receipts();
    expect(mail.subject).toBe('Wallet funded: ₦12,345.00');
    for (const part of ['₦12,345.00', 'Successful', reference, 'Bola Ige']) expect(mail.text).toContain(part);
  });
});
