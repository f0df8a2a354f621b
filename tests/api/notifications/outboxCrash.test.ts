import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../../server/gateways/smtpMailer';
import { runOutbox } from '../../../server/jobs/outbox';
import { createSecretBox } from '../../../server/services/identity/secretBox';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import { FIRST_ATTEMPT_HOLD_MS, type OutboxDeps } from '../../../server/services/notifications/outbox';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { PIN } from '../../support/api/purchases';
import {
  openStorage,
  productionRails,
  productionSecrets,
  secretsAsConfig,
  seedCustomer,
  START_TIMEOUT_MS,
  startProduction,
  storage,
  type Customer,
  type Production,
  type Rails,
  type Storage,
} from '../../support/api/serverProcess';
import { startSmtpServer } from '../../support/api/smtpServer';

/**
 * SIGKILL while receipts are being sent: a production server sends each purchase's receipt over
 * SMTP right after its commit. The mail server takes three receipts and answers; it takes three
 * more and its answers are lost (held), and the process is killed where it stands. The next
 * replica's outbox job, once the dead process's hold on those three ends, sends each again under
 * the Message-ID it had the first time. Nothing is lost: every receipt reached the mail server.
 * Nothing is sent as two messages: the server holds as many distinct Message-IDs as there were
 * purchases, and the only copies are those whose acceptance the dead process never heard, each
 * under its first id, which is what lets a mail server or a mail client drop it.
 */
describe.each(backends.map((backend) => backend.name))(
  'receipts in flight when the server is SIGKILLed, on %s',
  (backend) => {
    const secrets = productionSecrets();
    let place: Storage;
    let rails: Rails;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let customer: Customer;
    beforeAll(async () => {
      [place, rails, smtp] = await Promise.all([storage(backend), productionRails(), startSmtpServer()]);
      customer = await seedCustomer(backend, place, secrets);
    });
    afterAll(async () => {
      await Promise.all([rails.close(), smtp.close()]);
      await place.remove();
    });

    const buy = async (server: Production, beneficiary: string) => {
      const response = await fetch(`${server.base}/api/airtime`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer.token}`,
          'idempotency-key': `receipt-${beneficiary}`,
        },
        body: JSON.stringify({ provider_id: customer.mtn, beneficiary, amount: 100, pin: PIN }),
      });
      const body = (await response.json()) as { data: { id: number; status: string } };
      expect([response.status, body.data.status]).toEqual([200, 'completed']);
      return body.data.id;
    };

    it(
      'every receipt reaches the mail server, each under one Message-ID; only those whose answer was lost come twice',
      async () => {
        const server = await startProduction(place, { ...secrets, SMTP_URL: smtp.url }, rails);
        const bought: number[] = [];
        let unanswered: string[];
        try {
          for (const beneficiary of ['08031234561', '08031234562', '08031234563'])
            bought.push(await buy(server, beneficiary));
          await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(3);
          smtp.holdReplies();
          for (const beneficiary of ['08031234564', '08031234565', '08031234566'])
            bought.push(await buy(server, beneficiary));
          await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(6);
          unanswered = smtp.messageIds().slice(3);
        } finally {
          server.started.kill();
        }
        expect(await server.started.exit).toBeNull();
        smtp.releaseReplies();

        const after = await openStorage(place);
        try {
          const receipts = () =>
            after.db
              .selectFrom('outbox')
              .select(['message_id', 'status'])
              .where('kind', '=', 'receipt')
              .where(
                'event',
                'in',
                bought.map((id) => String(id)),
              )
              .orderBy('id')
              .execute();
          const left = await receipts();
          expect(left).toHaveLength(6);
          // What the dead process never heard back about is still its to send, until its hold ends.
          const pending = left.filter((row) => row.status === 'pending').map((row) => row.message_id);
          expect(pending.length).toBeGreaterThan(0);
          expect(unanswered.map((id) => id.split('@')[0])).toEqual(expect.arrayContaining(pending));

          const clock = new ManualClock(new Date(Date.now() + FIRST_ATTEMPT_HOLD_MS + 1_000));
          const mailer = new SmtpMailer(smtp.url, 'Naira Wallet <no-reply@nairawallet.test>');
          const pinKey = secretsAsConfig(secrets).pinKey!;
          const deps: OutboxDeps = {
            db: after.db,
            clock,
            secrets: createSecretBox(pinKey),
            senders: { email: mailer },
          };
          try {
            expect(await runOutbox(deps)).toMatchObject({ sent: pending.length, retrying: 0, undeliverable: 0 });
            clock.advance(60 * 60_000);
            expect(await runOutbox(deps)).toMatchObject({ sent: 0, retrying: 0 });
          } finally {
            mailer.close();
          }

          const sent = await receipts();
          expect(sent.map((row) => row.status)).toEqual(sent.map(() => 'sent'));
          const arrived = smtp.messageIds().map((id) => id.split('@')[0]);
          const copies = (id: string) => arrived.filter((one) => one === id).length;
          expect(new Set(arrived).size).toBe(6);
          expect(sent.map((row) => copies(row.message_id))).toEqual(
            sent.map((row) => (pending.includes(row.message_id) ? 2 : 1)),
          );
          console.log(
            `fault: SIGKILL while sending receipts (${backend}): 6 expected, ${new Set(arrived).size} delivered ` +
              `(distinct Message-IDs), ${arrived.length - 6} copies under their first id`,
          );
          expect(await auditLedger(after.db)).toEqual([]);
        } finally {
          await after.close();
        }
      },
      3 * START_TIMEOUT_MS,
    );
  },
);
