import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import { TermiiSms } from '../../../server/gateways/termiiSms';
import { runOutbox } from '../../../server/jobs/outbox';
import { FIRST_ATTEMPT_HOLD_MS, queueSms, type OutboxDeps } from '../../../server/services/notifications/outbox';
import {
  FAKE_TERMII_API_KEY,
  FAKE_TERMII_SENDER_ID,
  startFakeTermii,
  type FakeTermii,
} from '../../../testkit/fakes/termiiServer';
import { newPhone } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { buy, fund, newBuyer, PIN, providerId, type Buyer } from '../../support/api/purchases';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * The outcome texts through the outbox and the Termii adapter, against the fake Termii: a
 * purchase never waits for Termii (hung, the purchase still answers at once); with Termii down,
 * purchases and a funding succeed and their texts wait, with the reason, tried again with backoff;
 * once Termii is back, two replicas of a restarted server send each text exactly once. The clock
 * is the test's: no test waits for a retry.
 */
const silent = { info: () => {}, warn: () => {} };

describe.each(backends)('texts through a Termii that hangs, fails, then recovers, on $name', (backend) => {
  let termii: FakeTermii;
  const clock = new ManualClock();
  /** A Termii adapter as a process builds it at its start: each replica, each restart, its own. */
  const adapter = () =>
    new TermiiSms({
      apiKey: FAKE_TERMII_API_KEY,
      senderId: FAKE_TERMII_SENDER_ID,
      baseUrl: termii.url,
      channel: 'dnd',
      log: silent,
      timeouts: clock,
      now: () => clock.now().getTime(),
    });
  beforeAll(async () => {
    termii = await startFakeTermii();
  });
  afterAll(() => termii.close());
  const t = useTestApp(backend, () => ({ clock, sms: adapter() }));
  const replica = (): OutboxDeps => ({ db: t.db, clock, secrets: t.ctx.secrets, senders: { sms: adapter() } });

  let buyer: Buyer;
  let mtn: number;
  beforeAll(async () => {
    buyer = await newBuyer(t, 0, { phone: newPhone() });
    expect((await t.call('/api/send-phone-code', { token: buyer.token })).status).toBe(200);
    const code = /#(\d{6})$/.exec(textsTo(buyer.phone)[0])![1];
    const verified = await t.call<UserData>('/api/verify-phone', { token: buyer.token, body: { otp: code } });
    expect(verified.body.data!.phone_verified).toBe(true);
    await fund(t, buyer.accountNumber, 50_000);
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  /** What Termii accepted for `phone`, newest first. */
  const textsTo = (phone: string) =>
    termii.messages
      .filter((message) => message.to === `234${phone.slice(1)}`)
      .map((message) => message.sms)
      .reverse();
  const outcomeTexts = () => textsTo(buyer.phone).filter((text) => text.startsWith('Naira Wallet: '));
  const textRows = () =>
    t.db
      .selectFrom('outbox')
      .select(['event', 'status', 'attempts', 'last_error', 'next_attempt_at'])
      .where('channel', '=', 'sms')
      .where('recipient', '=', buyer.phone)
      .where('status', '=', 'pending')
      .orderBy('id')
      .execute();
  const airtime = (beneficiary: string) => ({ provider_id: mtn, beneficiary, amount: 100, pin: PIN });

  it('a purchase never waits for Termii: hung, the purchase answers at once, its text goes when Termii does', async () => {
    await expect.poll(() => outcomeTexts().length).toBe(1);
    termii.holdAnswers();
    try {
      const reply = await buy(t, buyer.token, 'airtime', airtime('08031234567'));
      expect(reply.status).toBe(200);
      expect(reply.body.data!.status).toBe('completed');
      // The text's send is under way, held by Termii, after the purchase answered.
      await termii.held();
      expect(outcomeTexts()).toHaveLength(1);
    } finally {
      termii.releaseAnswers();
    }
    await expect.poll(() => outcomeTexts().length).toBe(2);
    await expect.poll(textRows).toEqual([]);
  });

  it('Termii down: everything succeeds, the texts wait and back off, then two replicas send each once', async () => {
    const before = outcomeTexts().length;
    termii.misbehave({ down: true });
    try {
      for (const beneficiary of ['08031234561', '08031234562', '08031234563']) {
        const reply = await buy(t, buyer.token, 'airtime', airtime(beneficiary));
        expect(reply.body.data!.status).toBe('completed');
      }
      await fund(t, buyer.accountNumber, 700);
      // Each first attempt, right after its commit, failed: the four wait, saying why.
      await expect.poll(async () => (await textRows()).filter((row) => row.last_error !== null).length).toBe(4);
      const waiting = await textRows();
      expect(waiting.map((row) => row.last_error)).toEqual(Array(4).fill('Termii did not answer (server-error)'));
      // Sealed while they wait, as the e-mails are: nothing of the text is readable in the row.
      const { rows } = await sql<{ stored: string }>`SELECT row_to_json(o)::text AS stored FROM outbox o
        WHERE channel = 'sms' AND status = 'pending' AND recipient = ${buyer.phone}`.execute(t.db);
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(row.stored).not.toMatch(/Naira Wallet|airtime|wallet from/);
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/^wallet_outbox_pending\{channel="sms"\} 4$/m);

      // Still down at the first retry: nothing is lost, and the next wait is twice as long.
      clock.advance(30_000);
      expect(await runOutbox(replica())).toMatchObject({ sent: 0, retrying: 4 });
      for (const row of await textRows())
        expect(row).toMatchObject({ attempts: 2, next_attempt_at: new Date(clock.now().getTime() + 60_000) });
    } finally {
      termii.misbehave({});
    }
    // The server restarts (new processes, new adapters); Termii is back; two replicas run the job at once.
    clock.advance(60_000);
    const [a, b] = await Promise.all([runOutbox(replica(), { batch: 1 }), runOutbox(replica(), { batch: 1 })]);
    expect(a.sent + b.sent).toBe(4);
    clock.advance(60 * 60_000);
    expect(await runOutbox(replica())).toMatchObject({ sent: 0, retrying: 0 });

    const late = outcomeTexts().slice(0, outcomeTexts().length - before);
    expect(late).toHaveLength(4);
    expect(new Set(late).size).toBe(4);
    expect(late.filter((text) => text.includes('added to your wallet'))).toHaveLength(1);
    expect(await textRows()).toEqual([]);
  });

  it('a process stopped before its first attempt leaves its hold, then any replica sends the text once', async () => {
    const stopped = { ...t.ctx, sendQueued: () => {} };
    await queueSms(stopped, {
      kind: 'receipt',
      event: `test-${buyer.phone}`,
      sms: { to: buyer.phone, text: 'Naira Wallet: hello' },
    });
    clock.advance(FIRST_ATTEMPT_HOLD_MS - 1);
    expect(await runOutbox(replica())).toMatchObject({ sent: 0 });
    clock.advance(1);
    const runs = await Promise.all([runOutbox(replica()), runOutbox(replica())]);
    expect(runs[0].sent + runs[1].sent).toBe(1);
    expect(outcomeTexts().filter((text) => text === 'Naira Wallet: hello')).toHaveLength(1);
    // The same event queues no second text.
    await queueSms(stopped, { kind: 'receipt', event: `test-${buyer.phone}`, sms: { to: buyer.phone, text: 'again' } });
    clock.advance(FIRST_ATTEMPT_HOLD_MS);
    expect(await runOutbox(replica())).toMatchObject({ sent: 0 });
  });
});
