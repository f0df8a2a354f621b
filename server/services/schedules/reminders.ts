import { sql } from 'kysely';
import { DAY_MS } from '../../../core/days';
import type { Locale } from '../../../core/i18n/locales';
import { inLocale } from '../../i18n';
import { inTransaction, type AppContext } from '../context';
import { addNotification } from '../notifications/notifications';
import { queueMail } from '../notifications/outbox';
import { reminderNotice } from './notices';

/**
 * The day-before reminder of each run: once per due time, whichever replica sends it. A batch of
 * schedules whose next run is within a day is claimed by stamping the due time the reminder is
 * for (reminded_for), in the transaction that adds their notifications and queues their e-mails.
 * A schedule made, edited or resumed less than a day before its run is not
 * reminded of it: its owner has just chosen it (authoring.ts stamps it). A daily schedule's
 * next run is always a day away when its last one ends: it is reminded only when the wallet does
 * not hold what the run needs (the last run's receipt already said it runs again tomorrow).
 */

interface Due {
  id: bigint;
  user_id: bigint;
  name: string;
  beneficiary: string;
  amount_kobo: bigint;
  next_run_at: Date;
  cadence: string;
  email: string;
  language: Locale;
  balance_kobo: bigint;
}

async function remindBatch(ctx: AppContext, batch: number): Promise<{ claimed: number; reminded: number }> {
  const now = ctx.clock.now();
  return inTransaction(ctx, async (tx) => {
    const { rows } = await sql<Due>`
      WITH claimed AS (
        UPDATE schedules SET reminded_for = next_run_at
        WHERE id IN (
          SELECT id FROM schedules
          WHERE status = 'active'
            AND next_run_at > ${now}::timestamptz AND next_run_at <= ${new Date(now.getTime() + DAY_MS)}::timestamptz
            AND reminded_for IS DISTINCT FROM next_run_at
          ORDER BY next_run_at LIMIT ${batch}
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, user_id, name, beneficiary, amount_kobo, next_run_at, cadence
      )
      SELECT claimed.id, claimed.user_id, claimed.name, claimed.beneficiary, claimed.amount_kobo, claimed.next_run_at,
             claimed.cadence, u.email, u.language, w.balance_kobo
      FROM claimed JOIN users u ON u.id = claimed.user_id JOIN wallets w ON w.user_id = claimed.user_id`.execute(tx.db);
    let reminded = 0;
    for (const due of rows) {
      if (due.cadence === 'daily' && due.balance_kobo >= due.amount_kobo) continue;
      // Written in the owner's language: the job speaks no one's of its own.
      const notice = inLocale(due.language, () =>
        reminderNotice(
          {
            scheduleId: due.id,
            name: due.name,
            beneficiary: due.beneficiary,
            amountKobo: due.amount_kobo,
            email: due.email,
          },
          due.next_run_at,
          due.balance_kobo,
          ctx.publicUrl,
        ),
      );
      await addNotification(tx, due.user_id, notice.notification);
      // One reminder per schedule and due time.
      const event = `${due.id}:${due.next_run_at.toISOString()}`;
      await queueMail(tx, { kind: 'schedule-notice', event: `reminder:${event}`, mail: notice.mail });
      reminded += 1;
    }
    return { claimed: rows.length, reminded };
  });
}

/** Sends every reminder due now, in batches; answers how many were sent. */
export async function sendReminders(ctx: AppContext, { batch = 100 }: { batch?: number } = {}): Promise<number> {
  let sent = 0;
  for (;;) {
    const { claimed, reminded } = await remindBatch(ctx, batch);
    sent += reminded;
    if (claimed < batch) return sent;
  }
}
