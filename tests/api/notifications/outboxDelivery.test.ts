import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevOutbox } from '../../../server/gateways/devOutbox';
import type { Mailer } from '../../../server/gateways/mailer';
import { SmtpMailer } from '../../../server/gateways/smtpMailer';
import { runOutbox } from '../../../server/jobs/outbox';
import type { OutboxDeps } from '../../../server/services/notifications/outbox';
import { backends } from '../../support/api/backends';
import { buy, fund, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { startSmtpServer } from '../../support/api/smtpServer';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * The mail server goes away and comes back, over SMTP for real: purchases and a funding made
 * meanwhile all succeed, their receipts wait in the outbox (and /metrics says so), and once the
 * server answers again the outbox job delivers every receipt exactly once, each under the
 * Message-ID the outbox gave it.
 */
describe.each(backends)('receipts through a mail server that fails, then recovers, on $name', (backend) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let smtpMailer: SmtpMailer;
  // The sign-up codes the helpers read go to the test's mailbox; everything else over SMTP.
  const codes = new DevOutbox({ print: () => {} });
  const mailer: Mailer = {
    send: (mail, messageId) => (/code$/.test(mail.subject) ? codes : smtpMailer).send(mail, messageId),
  };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    smtpMailer = new SmtpMailer(smtp.url, 'Naira Wallet <no-reply@nairawallet.test>');
  });
  afterAll(async () => {
    smtpMailer.close();
    await smtp.close();
  });
  const t = useTestApp(backend, () => ({ mailer, outbox: codes }));
  const deps = (): OutboxDeps => ({ db: t.db, clock: t.clock, secrets: t.ctx.secrets, senders: { email: mailer } });

  const receiptsTo = (buyer: Buyer) =>
    t.db
      .selectFrom('outbox')
      .select(['message_id', 'status', 'last_error'])
      .where('recipient', '=', buyer.email)
      .where('kind', '=', 'receipt')
      .execute();
  const pendingGauge = async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const line = (name: string) => Number(new RegExp(`^${name}\\{channel="email"\\} (\\S+)$`, 'm').exec(text)?.[1]);
    return { pending: line('wallet_outbox_pending'), oldest: line('wallet_outbox_oldest_pending_age_seconds') };
  };

  it('delivers every receipt once when the server is back, none lost and none twice', async () => {
    const buyer = await newBuyer(t, 5_000);
    const mtn = await providerId(t, 'airtime', 'MTN');
    // The first funding's receipt went while the server answered.
    await expect.poll(async () => (await receiptsTo(buyer)).map((row) => row.status)).toEqual(['sent']);

    await smtp.stop();
    const delivered = smtp.received.length;
    for (const beneficiary of ['08031234567', '08031234568', '08031234569']) {
      const reply = await buy(t, buyer.token, 'airtime', { provider_id: mtn, beneficiary, amount: 100, pin: PIN });
      expect(reply.body.data!.status).toBe('completed');
    }
    await fund(t, buyer.accountNumber, 700);
    // Each receipt's first attempt, right after its commit, failed: it waits, with the reason.
    await expect.poll(async () => (await receiptsTo(buyer)).filter((row) => row.last_error !== null).length).toBe(4);
    const waiting = (await receiptsTo(buyer)).filter((row) => row.status === 'pending');
    expect(waiting).toHaveLength(4);
    expect(waiting[0].last_error).toMatch(/^SMTP delivery failed/);
    expect(smtp.received.length).toBe(delivered);
    t.clock.advance(20_000);
    expect(await pendingGauge()).toEqual({ pending: 4, oldest: 20 });

    // Still down at the first retry: nothing is lost, nothing is sent.
    t.clock.advance(10_000);
    expect(await runOutbox(deps())).toMatchObject({ sent: 0, retrying: 4 });
    await smtp.start();
    t.clock.advance(60_000);
    expect(await runOutbox(deps())).toMatchObject({ sent: 4, retrying: 0 });
    t.clock.advance(60 * 60_000);
    expect(await runOutbox(deps())).toMatchObject({ sent: 0, retrying: 0 });

    const outbox = await receiptsTo(buyer);
    expect(outbox.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    const ids = smtp.messageIds().map((id) => id.split('@')[0]);
    for (const row of outbox) expect(ids.filter((id) => id === row.message_id)).toHaveLength(1);
    // What arrived once the server was back is exactly the four receipts that waited.
    const late = ids.slice(delivered).sort();
    expect(late).toEqual(waiting.map((row) => row.message_id).sort());
    expect(await pendingGauge()).toEqual({ pending: 0, oldest: 0 });
  });
});
