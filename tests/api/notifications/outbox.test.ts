import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Glance } from '../../../core/console';
import { GatewayError } from '../../../server/errors';
import { MailRefused, type Mail, type Mailer } from '../../../server/gateways/mailer';
import { runOutbox } from '../../../server/jobs/outbox';
import { inTransaction, type AppContext } from '../../../server/services/context';
import {
  FIRST_ATTEMPT_HOLD_MS,
  immediateSender,
  queueMail,
  RETRY,
  retryDelayMs,
  type OutboxDeps,
  type RetryPolicy,
} from '../../../server/services/notifications/outbox';
import { backends } from '../../support/api/backends';
import { ops, staffMember } from '../../support/api/staff';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * The outbox as a service: a message is written with its change and only then sent, retried with
 * backoff until the provider accepts it, given up (and kept, with the reason) after its limit,
 * and sent once whichever workers claim it. The clock is the test's: no test waits for a retry.
 */

/** A mail provider the test turns off and on; it records every message it accepted, with its id. */
class ScriptedMailer implements Mailer {
  accepted: { mail: Mail; messageId: string | undefined }[] = [];
  /** What the next sends fail with; null: they succeed. */
  failure: (() => Error) | null = null;

  async send(mail: Mail, messageId?: string): Promise<void> {
    if (this.failure) throw this.failure();
    this.accepted.push({ mail, messageId });
  }

  to(address: string) {
    return this.accepted.filter((sent) => sent.mail.to === address);
  }
}

const down = () => new GatewayError('we could not send the e-mail right now', { cause: new Error('ECONNREFUSED') });

let counter = 0;
const address = () => `outbox.${process.pid}.${++counter}@example.com`;
const mailTo = (to: string, text = 'Your receipt'): Mail => ({ to, subject: 'Receipt', text });

describe.each(backends)('the outbox on $name', (backend) => {
  const t = useTestApp(backend);

  const depsOf = (mailer: Mailer, retry?: RetryPolicy): OutboxDeps => ({
    db: t.db,
    clock: t.clock,
    secrets: t.ctx.secrets,
    senders: { email: mailer },
    retry,
  });

  /** A service context whose queued messages are tried at once through `mailer`, as the app's are. */
  function sendingThrough(mailer: Mailer, retry?: RetryPolicy) {
    const sender = immediateSender(depsOf(mailer, retry), (error) => {
      throw error;
    });
    const ctx: AppContext = { ...t.ctx, sendQueued: (message) => sender.send(message) };
    return { ctx, settled: () => sender.settled() };
  }

  /** A context whose process stops right after its commit: what it queued is never tried by it. */
  const stoppedAfterCommit = (): AppContext => ({ ...t.ctx, sendQueued: () => {} });

  const rowsTo = (to: string) =>
    t.db
      .selectFrom('outbox')
      .select(['status', 'attempts', 'next_attempt_at', 'last_error', 'body', 'message_id', 'finished_at'])
      .where('recipient', '=', to)
      .execute();

  it('writes a message with its change and sends it after the commit; a change rolled back sends nothing', async () => {
    const mailer = new ScriptedMailer();
    const { ctx, settled } = sendingThrough(mailer);
    const [kept, undone] = [address(), address()];
    await inTransaction(ctx, async (tx) => {
      await queueMail(tx, { kind: 'receipt', event: `test-${kept}`, mail: mailTo(kept, 'Token: 1234-5678') });
      // Inside the transaction nothing has left yet: the change could still roll back.
      expect(mailer.to(kept)).toEqual([]);
    });
    await expect(
      inTransaction(ctx, async (tx) => {
        await queueMail(tx, { kind: 'receipt', event: `test-${undone}`, mail: mailTo(undone) });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await settled();

    expect(mailer.to(kept)).toHaveLength(1);
    expect(mailer.to(undone)).toEqual([]);
    expect(await rowsTo(undone)).toEqual([]);
    const [row] = await rowsTo(kept);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, body: null, last_error: null });
    // The message's own id travels with it (the SMTP Message-ID).
    expect(mailer.to(kept)[0].messageId).toBe(row.message_id);
    // The same event queues no second message.
    await queueMail(ctx, { kind: 'receipt', event: `test-${kept}`, mail: mailTo(kept) });
    await settled();
    expect(await rowsTo(kept)).toHaveLength(1);
    expect(mailer.to(kept)).toHaveLength(1);
  });

  it('keeps the body sealed while it waits, and erases it once sent', async () => {
    const to = address();
    await queueMail(stoppedAfterCommit(), { kind: 'credential-change', mail: mailTo(to, 'not-me?token=secret123') });
    const { rows } = await sql<{ stored: string }>`SELECT row_to_json(o)::text AS stored FROM outbox o
      WHERE recipient = ${to}`.execute(t.db);
    expect(rows[0].stored).not.toContain('secret123');
    t.clock.advance(FIRST_ATTEMPT_HOLD_MS);
    const mailer = new ScriptedMailer();
    await runOutbox(depsOf(mailer));
    expect(mailer.to(to).map((sent) => sent.mail.text)).toEqual(['not-me?token=secret123']);
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'sent', body: null });
  });

  it('retries with backoff while the provider fails, and sends once when it accepts', async () => {
    const mailer = new ScriptedMailer();
    mailer.failure = down;
    const { ctx, settled } = sendingThrough(mailer);
    const to = address();
    await queueMail(ctx, { kind: 'receipt', mail: mailTo(to) });
    await settled();
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const [row] = await rowsTo(to);
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, last_error: 'ECONNREFUSED' });
      const wait = row.next_attempt_at!.getTime() - t.clock.now().getTime();
      delays.push(wait);
      // Not a moment before it is due.
      t.clock.advance(wait - 1);
      expect(await runOutbox(depsOf(mailer))).toMatchObject({ sent: 0, retrying: 0 });
      t.clock.advance(1);
      if (attempt === 4) mailer.failure = null;
      expect(await runOutbox(depsOf(mailer))).toMatchObject(attempt === 4 ? { sent: 1 } : { retrying: 1 });
    }
    expect(delays).toEqual([1, 2, 3, 4].map((attempt) => retryDelayMs(RETRY, attempt)));
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(mailer.to(to)).toHaveLength(1);
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'sent', attempts: 5, body: null });
    t.clock.advance(RETRY.maxDelayMs);
    expect(await runOutbox(depsOf(mailer))).toMatchObject({ sent: 0, retrying: 0, undeliverable: 0 });
    expect(mailer.to(to)).toHaveLength(1);
  });

  it('gives a message up after its attempts, its age, or a refusal for good, and keeps it with the reason', async () => {
    const retry: RetryPolicy = { firstDelayMs: 1_000, maxDelayMs: 1_000, maxAttempts: 3, maxAgeMs: 60 * 60_000 };
    const mailer = new ScriptedMailer();
    mailer.failure = down;
    const { ctx, settled } = sendingThrough(mailer, retry);
    const [tried, old, refused] = [address(), address(), address()];
    await queueMail(ctx, { kind: 'receipt', mail: mailTo(tried) });
    await settled();
    for (let run = 0; run < 2; run++) {
      t.clock.advance(retry.firstDelayMs);
      await runOutbox(depsOf(mailer, retry));
    }
    expect((await rowsTo(tried))[0]).toMatchObject({ status: 'undeliverable', attempts: 3, body: null });
    expect((await rowsTo(tried))[0].last_error).toBe('ECONNREFUSED');

    await queueMail(ctx, { kind: 'receipt', mail: mailTo(old) });
    await settled();
    t.clock.advance(retry.maxAgeMs);
    expect(await runOutbox(depsOf(mailer, retry))).toMatchObject({ undeliverable: 1 });
    expect((await rowsTo(old))[0]).toMatchObject({ status: 'undeliverable', attempts: 2 });

    mailer.failure = () =>
      new MailRefused('we could not send the e-mail right now', {
        cause: new Error('SMTP delivery failed: EENVELOPE RCPT TO 550'),
      });
    await queueMail(ctx, { kind: 'receipt', mail: mailTo(refused) });
    await settled();
    const [given] = await rowsTo(refused);
    expect(given).toMatchObject({ status: 'undeliverable', attempts: 1, body: null });
    expect(given.last_error).toBe('refused for good: SMTP delivery failed: EENVELOPE RCPT TO 550');
    expect(mailer.accepted).toEqual([]);
    // Nothing given up is tried again.
    mailer.failure = null;
    t.clock.advance(retry.maxAgeMs);
    expect(await runOutbox(depsOf(mailer, retry))).toMatchObject({ sent: 0 });
  });

  it('shows staff what was given up and why on the glance (an audited read), and counts it in /metrics', async () => {
    const mailer = new ScriptedMailer();
    mailer.failure = () =>
      new MailRefused('we could not send the e-mail right now', {
        cause: new Error('SMTP delivery failed: EENVELOPE RCPT TO 550'),
      });
    const { ctx, settled } = sendingThrough(mailer);
    const [refused, waiting] = [address(), address()];
    await queueMail(ctx, { kind: 'pin-logout', mail: { to: refused, subject: 'Session ended', text: 'secret' } });
    await settled();
    await queueMail(stoppedAfterCommit(), { kind: 'receipt', mail: mailTo(waiting) });
    t.clock.advance(90_000);

    const support = await staffMember(t, 'support');
    const glance = (await ops<Glance>(t, 'glance', {}, support.token)).body.data!;
    expect(glance.messages.pending).toBe(1);
    expect(glance.messages.oldest_pending_at).toBe(new Date(t.clock.now().getTime() - 90_000).toISOString());
    expect(glance.messages.undeliverable).toBeGreaterThanOrEqual(1);
    expect(glance.messages.latest_undeliverable[0]).toMatchObject({
      channel: 'email',
      kind: 'pin-logout',
      recipient: refused,
      subject: 'Session ended',
      attempts: 1,
      reason: 'refused for good: SMTP delivery failed: EENVELOPE RCPT TO 550',
    });
    expect(JSON.stringify(glance.messages)).not.toContain('secret');
    const read = await t.db
      .selectFrom('staff_audit')
      .select('action')
      .where('staff_id', '=', BigInt(support.id))
      .where('action', '=', 'glance.view')
      .execute();
    expect(read).toHaveLength(1);

    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^wallet_outbox_pending\{channel="email"\} 1$/m);
    expect(metrics).toMatch(/^wallet_outbox_oldest_pending_age_seconds\{channel="email"\} 90$/m);
    expect(metrics).toMatch(/^wallet_outbox_undeliverable\{channel="email"\} [1-9]\d*$/m);
    // Sent, it leaves the backlog.
    t.clock.advance(FIRST_ATTEMPT_HOLD_MS);
    await runOutbox(depsOf(new ScriptedMailer()));
    expect((await ops<Glance>(t, 'glance', {}, support.token)).body.data!.messages.pending).toBe(0);
  });

  it('sends each message once while two workers claim side by side', async () => {
    const queuing = stoppedAfterCommit();
    const recipients = Array.from({ length: 120 }, () => address());
    for (const to of recipients) await queueMail(queuing, { kind: 'receipt', mail: mailTo(to) });
    t.clock.advance(FIRST_ATTEMPT_HOLD_MS);
    const mailer = new ScriptedMailer();
    const [a, b] = await Promise.all([
      runOutbox(depsOf(mailer), { batch: 7 }),
      runOutbox(depsOf(mailer), { batch: 7 }),
    ]);
    expect(a.sent + b.sent).toBe(recipients.length);
    const ids = mailer.accepted.filter((sent) => recipients.includes(sent.mail.to)).map((sent) => sent.messageId);
    expect(ids).toHaveLength(recipients.length);
    expect(new Set(ids).size).toBe(recipients.length);
  });

  it('leaves a stopped process its hold, then sends what it queued; a lost outcome resends the same message id', async () => {
    const mailer = new ScriptedMailer();
    const to = address();
    await queueMail(stoppedAfterCommit(), { kind: 'receipt', mail: mailTo(to) });
    t.clock.advance(FIRST_ATTEMPT_HOLD_MS - 1);
    expect(await runOutbox(depsOf(mailer))).toMatchObject({ sent: 0 });
    t.clock.advance(1);
    expect(await runOutbox(depsOf(mailer))).toMatchObject({ sent: 1 });

    // A provider that took the message while its answer was lost (a process killed between the
    // two): once the hold ends it goes again, recognisable as the same message.
    const again = address();
    const lost: AppContext = {
      ...t.ctx,
      sendQueued: (message) => void mailer.send(message.open(), message.messageId),
    };
    await queueMail(lost, { kind: 'receipt', mail: mailTo(again) });
    t.clock.advance(FIRST_ATTEMPT_HOLD_MS);
    expect(await runOutbox(depsOf(mailer))).toMatchObject({ sent: 1 });
    const copies = mailer.to(again);
    expect(copies).toHaveLength(2);
    expect(copies[0].messageId).toBe(copies[1].messageId);
  });

  it('keeps an SMS for its sender, and prunes what was sent a week ago', async () => {
    const now = t.clock.now();
    const sms = await t.db
      .insertInto('outbox')
      .values({
        channel: 'sms',
        kind: 'receipt',
        event: `sms-${address()}`,
        message_id: crypto.randomUUID(),
        recipient: '08031234567',
        subject: '',
        body: t.ctx.secrets.seal('{"text":"hello"}', 'outbox:none'),
        status: 'pending',
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const to = address();
    await queueMail(stoppedAfterCommit(), { kind: 'receipt', mail: mailTo(to) });
    t.clock.advance(FIRST_ATTEMPT_HOLD_MS);
    const mailer = new ScriptedMailer();
    await runOutbox(depsOf(mailer));
    const waiting = await t.db.selectFrom('outbox').select('status').where('id', '=', sms.id).executeTakeFirst();
    expect(waiting).toEqual({ status: 'pending' });
    t.clock.advance(7 * 24 * 60 * 60_000);
    expect((await runOutbox(depsOf(mailer))).pruned).toBeGreaterThanOrEqual(1);
    expect(await rowsTo(to)).toEqual([]);
    await t.db.deleteFrom('outbox').where('id', '=', sms.id).execute();
  });
});
