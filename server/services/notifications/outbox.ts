import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { DAY_MS } from '../../../core/days';
import type { Clock } from '../../clock';
import type { Executor } from '../../db/schema';
import { GatewayError, must } from '../../errors';
import { MailRefused, type Mail, type Mailer } from '../../gateways/mailer';
import type { Sms, SmsSender } from '../../gateways/sms';
import type { SecretBox } from '../identity/secretBox';
import type { AppContext } from '../context';

/**
 * The outbox: every message that follows a change — a receipt, a notice of a credential change,
 * a staff invitation, the text of a transaction's outcome — is a row written in the transaction
 * that makes the change (queueMail and queueSms, or planMail and planSms inside the caller's own
 * statement). Each channel's messages go through that channel's sender: e-mail through the
 * mailer, SMS through the SMS gateway, by the same rules. A change that rolls back leaves no message; one
 * that commits cannot lose its message to a mail server that is down or a process that stops.
 *
 * Who sends it, once: the process that made the change holds the message for
 * FIRST_ATTEMPT_HOLD_MS (its row is written already claimed: attempts 1) and tries it right
 * after the commit (AppContext.sendQueued). What is still pending after that — a failed attempt
 * waiting out its backoff, or a process that stopped — is claimed by the outbox job
 * (jobs/outbox.ts) of any replica with FOR UPDATE SKIP LOCKED, each claim counting an attempt and
 * holding the message again. An attempt's outcome is recorded only while the message is still
 * that attempt's (`attempts` unchanged), so one outcome counts. A message accepted by the
 * provider whose outcome could not be recorded is sent again once its hold ends: it carries the
 * same message id (the e-mail's Message-ID) at every attempt, which is what makes such a copy
 * recognisable (a text has no such header: its rare copy is read twice).
 *
 * A failed attempt is tried again after RETRY.firstDelayMs, twice as long each time up to
 * RETRY.maxDelayMs; after RETRY.maxAttempts attempts or RETRY.maxAgeMs, or at once when the
 * provider refuses it for good (an unknown recipient), the message is undeliverable, kept for
 * staff with the reason (the console's glance). Sent and undeliverable messages lose their body
 * at once and their row after a while (pruneFinished).
 *
 * What it never holds: the codes and reset links a user asked for on a screen, the phone's code
 * included. Those are sent by the request itself, which says so when sending fails (SECURITY.md,
 * "Messages and the outbox").
 */

/** How a message goes. */
export type Channel = 'email' | 'sms';
export const CHANNELS: readonly Channel[] = ['email', 'sms'];

/**
 * What happened, which with the event's id makes a message once per channel (the outbox's unique
 * (channel, kind, event)).
 */
export type MessageKind =
  | 'receipt'
  | 'credential-change'
  | 'pin-logout'
  | 'failed-logins'
  | 'sign-up-attempt'
  | 'code-voided'
  | 'schedule-notice'
  | 'problem-report'
  | 'case-resolved'
  | 'staff-invitation'
  | 'search-throttled'
  | 'late-delivery';

export interface MailMessage {
  kind: MessageKind;
  /**
   * The id of what happened (a transaction, a link, a case). Left out when the event has none
   * of its own: the message's id stands for it, the row being written once, with the change.
   */
  event?: bigint | string;
  mail: Mail;
}

/** A text, as queueSms and planSms take it: once per kind and event, like an e-mail. */
export interface SmsMessage {
  kind: MessageKind;
  event?: bigint | string;
  sms: Sms;
}

/** A message on its way, as its sender needs it. */
export interface Outgoing {
  id: bigint;
  channel: Channel;
  /** A UUID, the same at every attempt. */
  messageId: string;
  /** Which attempt this send is: only this attempt's outcome is recorded. */
  attempt: number;
  createdAt: Date;
  /** The message's content (a text's subject is empty); throws when its sealed body cannot be opened. */
  open(): Mail;
}

/** How long the process that queued a message keeps it to itself, to send it right after its commit. */
export const FIRST_ATTEMPT_HOLD_MS = 2 * 60_000;
/** How long a job's claim holds a message: longer than any send may take (gateways/smtpMailer.ts TIMEOUTS). */
export const CLAIM_HOLD_MS = 5 * 60_000;

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxAttempts: number;
  maxAgeMs: number;
}

/** About two days of trying, most of it hourly, as mail servers themselves retry. */
export const RETRY: RetryPolicy = {
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 48,
  maxAgeMs: 2 * DAY_MS,
};

/** The wait after failed attempt number `attempt` (1, 2, …): 30 s, 1 min, 2 min, … up to an hour. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.min(attempt - 1, 30), policy.maxDelayMs);
}

const sealContext = (messageId: string) => `outbox:${messageId}`;

const COLUMNS = sql.raw(
  '(channel, kind, event, message_id, recipient, subject, body, status, attempts, next_attempt_at, created_at)',
);

/** A message planned into the caller's own statement: its row's values, and what to do once it is written. */
export interface PlannedMessage {
  /** `INSERT INTO outbox ${columns} SELECT ${values} …`. */
  columns: RawBuilder<unknown>;
  values: RawBuilder<unknown>;
  /** The row's id once written (null: another message of the event was there), to try after the commit. */
  written(id: bigint | null): void;
}

/** A message of any channel, as a row of the outbox claimed by this process for its first attempt. */
function plan(ctx: AppContext, channel: Channel, kind: MessageKind, event: bigint | string | undefined, content: Mail) {
  const now = ctx.clock.now();
  const messageId = randomUUID();
  const { to, subject, text, html } = content;
  const body = ctx.secrets.seal(JSON.stringify({ text, html }), sealContext(messageId));
  const eventId = event === undefined ? messageId : String(event);
  const held = new Date(now.getTime() + FIRST_ATTEMPT_HOLD_MS);
  const planned: PlannedMessage = {
    columns: COLUMNS,
    values: sql`${channel}, ${kind}, ${eventId}, ${messageId}::uuid, ${to}, ${subject.slice(0, 200)}, ${body},
                'pending', 1, ${held}::timestamptz, ${now}::timestamptz`,
    written(id) {
      if (id === null) return;
      const outgoing: Outgoing = { id, channel, messageId, attempt: 1, createdAt: now, open: () => content };
      ctx.afterCommit(() => ctx.sendQueued(outgoing));
    },
  };
  return planned;
}

/**
 * A message as a row of the outbox, claimed by this process for its first attempt: for a caller
 * that writes it in a statement of its own (settling.ts, beside the bill's final state), with
 * ON_CONFLICT.
 */
export const planMail = (ctx: AppContext, message: MailMessage): PlannedMessage =>
  plan(ctx, 'email', message.kind, message.event, message.mail);

/** planMail for a text. */
export const planSms = (ctx: AppContext, message: SmsMessage): PlannedMessage =>
  plan(ctx, 'sms', message.kind, message.event, { to: message.sms.to, subject: '', text: message.sms.text });

/** What a planned message's INSERT says when its event's message of that channel is there already. */
export const ON_CONFLICT = sql.raw('ON CONFLICT (channel, kind, event) DO NOTHING');

async function queue(ctx: AppContext, planned: PlannedMessage): Promise<void> {
  const { rows } = await sql<{ id: bigint }>`
    INSERT INTO outbox ${planned.columns} SELECT ${planned.values} ${ON_CONFLICT} RETURNING id`.execute(ctx.db);
  planned.written(rows[0]?.id ?? null);
}

/**
 * Writes a message in the caller's transaction (or, outside one, at once), to be sent once it
 * commits. A second message of the same kind and event is not written.
 */
export const queueMail = (ctx: AppContext, message: MailMessage): Promise<void> => queue(ctx, planMail(ctx, message));

/** queueMail for a text. */
export const queueSms = (ctx: AppContext, message: SmsMessage): Promise<void> => queue(ctx, planSms(ctx, message));

// ── Sending ──────────────────────────────────────────────────────────────────────────────────

/** What sends each channel; a channel with no sender keeps its messages pending. */
export interface OutboxSenders {
  email?: Mailer;
  sms?: SmsSender;
}

/** The sender of `channel`, if this process has one. */
const senderOf = (senders: OutboxSenders, channel: Channel): Mailer | SmsSender | undefined => senders[channel];

export interface OutboxDeps {
  /** The database without the drain gate: a shutting-down process still records what it sent. */
  db: Executor;
  clock: Clock;
  secrets: SecretBox;
  senders: OutboxSenders;
  retry?: RetryPolicy;
  /** Where failed attempts are told: by message id, attempt and reason, never the address or the content. */
  log?: { warn(line: object, message: string): void; error(line: object, message: string): void };
}

export type AttemptOutcome = 'sent' | 'retrying' | 'undeliverable';

/** One attempt at a message this process holds, and its outcome recorded. */
export async function deliver(deps: OutboxDeps, message: Outgoing): Promise<AttemptOutcome> {
  try {
    const sender = senderOf(deps.senders, message.channel);
    if (!sender) throw new Error(`no sender for the ${message.channel} channel`);
    await sender.send(message.open(), message.messageId);
  } catch (error) {
    return recordFailure(deps, message, error);
  }
  await deps.db
    .updateTable('outbox')
    .set({ status: 'sent', body: null, next_attempt_at: null, finished_at: deps.clock.now() })
    .where('id', '=', message.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', message.attempt)
    .execute();
  return 'sent';
}

async function recordFailure(deps: OutboxDeps, message: Outgoing, error: unknown): Promise<AttemptOutcome> {
  const retry = deps.retry ?? RETRY;
  const now = deps.clock.now();
  const refused = error instanceof MailRefused;
  const reason = `${refused ? 'refused for good: ' : ''}${reasonOf(error)}`.slice(0, 300);
  const givenUp =
    refused || message.attempt >= retry.maxAttempts || now.getTime() - message.createdAt.getTime() >= retry.maxAgeMs;
  const line = { channel: message.channel, outbox_id: String(message.id), attempt: message.attempt, reason };
  if (!(error instanceof GatewayError)) deps.log?.error({ ...line, err: error }, 'outbox: a send failed unexpectedly');
  if (givenUp) deps.log?.error(line, 'outbox: message undeliverable, kept for staff');
  else deps.log?.warn(line, 'outbox: message not sent, will retry');
  const outcome = givenUp
    ? { status: 'undeliverable' as const, body: null, next_attempt_at: null, finished_at: now }
    : { next_attempt_at: new Date(now.getTime() + retryDelayMs(retry, message.attempt)) };
  await deps.db
    .updateTable('outbox')
    .set({ ...outcome, last_error: reason })
    .where('id', '=', message.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', message.attempt)
    .execute();
  return givenUp ? 'undeliverable' : 'retrying';
}

/**
 * Why an attempt failed, in words staff may read: a gateway's own account of it (the SMTP
 * adapter's names only the stage and the code, never an address), else no more than its kind.
 */
function reasonOf(error: unknown): string {
  if (error instanceof GatewayError) return error.cause instanceof Error ? error.cause.message : error.message;
  return `unexpected error (${error instanceof Error ? error.name : typeof error})`;
}

/**
 * Claims up to `batch` pending messages that are due, on channels this process can send, for
 * one attempt each: committed before anything is sent, so no other replica claims them until
 * the claim's hold ends.
 */
export async function claimDue(deps: OutboxDeps, batch: number): Promise<Outgoing[]> {
  const channels = CHANNELS.filter((channel) => senderOf(deps.senders, channel) !== undefined);
  if (channels.length === 0) return [];
  const now = deps.clock.now();
  const { rows } = await sql<{
    id: bigint;
    channel: Channel;
    message_id: string;
    attempts: number;
    created_at: Date;
    recipient: string;
    subject: string;
    body: string;
  }>`
    UPDATE outbox
    SET attempts = attempts + 1, next_attempt_at = ${new Date(now.getTime() + CLAIM_HOLD_MS)}::timestamptz
    WHERE id IN (
      SELECT id FROM outbox
      WHERE status = 'pending' AND channel IN (${sql.join(channels)}) AND next_attempt_at <= ${now}::timestamptz
      ORDER BY next_attempt_at LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, channel, message_id, attempts, created_at, recipient, subject, body`.execute(deps.db);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    messageId: row.message_id,
    attempt: row.attempts,
    createdAt: row.created_at,
    open() {
      const content = JSON.parse(deps.secrets.open(row.body, sealContext(row.message_id))) as Omit<Mail, 'to'>;
      return { to: row.recipient, subject: row.subject, text: content.text, html: content.html };
    },
  }));
}

/** Sent messages are kept a week, undeliverable ones a month; pending ones until they are neither. */
const SENT_KEPT_MS = 7 * DAY_MS;
const UNDELIVERABLE_KEPT_MS = 30 * DAY_MS;

/** Deletes up to `limit` finished messages past their keeping time; answers how many. */
export async function pruneFinished(deps: Pick<OutboxDeps, 'db' | 'clock'>, limit = 1_000): Promise<number> {
  const now = deps.clock.now().getTime();
  const result = await sql`
    DELETE FROM outbox WHERE id IN (
      SELECT id FROM outbox
      WHERE created_at < ${new Date(now - SENT_KEPT_MS)}::timestamptz
        AND (status = 'sent'
             OR (status = 'undeliverable' AND created_at < ${new Date(now - UNDELIVERABLE_KEPT_MS)}::timestamptz))
      ORDER BY created_at LIMIT ${limit}
    )`.execute(deps.db);
  return Number(result.numAffectedRows ?? 0n);
}

// ── What operators see ───────────────────────────────────────────────────────────────────────

export interface OutboxBacklog {
  channel: Channel;
  pending: number;
  /** When the oldest pending message was queued; null when none is. */
  oldestPendingAt: Date | null;
  /** Seconds since then (0 when none). */
  oldestPendingAgeSeconds: number;
  undeliverable: number;
}

/** Per channel: what waits to be sent, how long the oldest has waited, and what was given up. */
export async function outboxBacklog(db: Executor, now: Date): Promise<OutboxBacklog[]> {
  const { rows } = await sql<{ channel: Channel; status: string; n: number; oldest: Date | null }>`
    SELECT channel, 'pending' AS status, count(*)::int AS n, min(created_at) AS oldest
    FROM outbox WHERE status = 'pending' GROUP BY channel
    UNION ALL
    SELECT channel, 'undeliverable', count(*)::int, NULL
    FROM outbox WHERE status = 'undeliverable' GROUP BY channel`.execute(db);
  return CHANNELS.map((channel) => {
    const pending = rows.find((row) => row.channel === channel && row.status === 'pending');
    const given = rows.find((row) => row.channel === channel && row.status === 'undeliverable');
    const oldest = pending?.oldest ? new Date(pending.oldest) : null;
    return {
      channel,
      pending: pending?.n ?? 0,
      oldestPendingAt: oldest,
      oldestPendingAgeSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
      undeliverable: given?.n ?? 0,
    };
  });
}

/** A message given up, as staff see it: to whom, what, and why; never its body. */
export interface Undeliverable {
  id: bigint;
  channel: Channel;
  kind: string;
  recipient: string;
  subject: string;
  attempts: number;
  reason: string;
  queuedAt: Date;
  givenUpAt: Date;
}

/** The messages given up most recently, newest first. */
export async function undeliverableMessages(db: Executor, limit: number): Promise<Undeliverable[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'channel', 'kind', 'recipient', 'subject', 'attempts', 'last_error', 'created_at', 'finished_at'])
    .where('status', '=', 'undeliverable')
    .orderBy('finished_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    reason: must(row.last_error, 'an undeliverable message says why (outbox CHECK)'),
    queuedAt: row.created_at,
    givenUpAt: must(row.finished_at, 'a message given up has its time (outbox CHECK)'),
  }));
}

/**
 * Sends messages right after their commit without holding up the caller (AppContext.sendQueued),
 * and lets a stopping process wait for the attempts under way, so their outcomes are recorded
 * before the database closes.
 */
export function immediateSender(deps: OutboxDeps, failed: (error: unknown) => void) {
  const underWay = new Set<Promise<unknown>>();
  return {
    send(message: Outgoing): void {
      const attempt: Promise<unknown> = deliver(deps, message)
        .catch(failed)
        .finally(() => underWay.delete(attempt));
      underWay.add(attempt);
    },
    async settled(): Promise<void> {
      await Promise.all(underWay);
    },
  };
}
