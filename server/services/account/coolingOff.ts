import { sql, type RawBuilder } from 'kysely';
import type { CoolingOffRefusal } from '../../../core/contract';
import { COOLING_OFF_ALLOWANCE_KOBO, COOLING_OFF_HOURS } from '../../../core/coolingOff';
import { formatNaira, koboToNaira } from '../../../core/money';
import { SERVICE_CATEGORIES } from '../../../core/services';
import { lagosDateTime } from '../../../core/days';
import type { CoolingOffReason } from '../../db/schema';
import type { Words } from '../../../core/i18n/words';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import type { AppContext } from '../context';

const PERIOD_MS = COOLING_OFF_HOURS * 3_600_000;

const WHY: Record<CoolingOffReason, Words> = {
  'password-reset': /*i18n*/ { id: 'coolingOff.why.password', message: 'your password was reset' },
  'pin-reset': /*i18n*/ { id: 'coolingOff.why.pin', message: 'your transaction pin was reset' },
  'new-device': /*i18n*/ { id: 'coolingOff.why.device', message: 'your account was signed in to from a new device' },
  'not-me': /*i18n*/ { id: 'coolingOff.why.notMe', message: 'you told us a change to your account was not yours' },
};

/**
 * Starts (or extends) the account's cooling-off: for COOLING_OFF_HOURS from now, purchases may
 * add up to the allowance. A cooling-off already running keeps its start and its reason, so
 * what was bought since then still counts.
 */
export async function startCoolingOff(ctx: AppContext, userId: bigint, reason: CoolingOffReason): Promise<void> {
  const now = ctx.clock.now();
  const ends = new Date(now.getTime() + PERIOD_MS);
  await sql`
    INSERT INTO cooling_offs (user_id, reason, started_at, ends_at)
    VALUES (${userId}, ${reason}, ${now}::timestamptz, ${ends}::timestamptz)
    ON CONFLICT (user_id) DO UPDATE SET
      reason = CASE WHEN cooling_offs.ends_at > excluded.started_at THEN cooling_offs.reason ELSE excluded.reason END,
      started_at = CASE WHEN cooling_offs.ends_at > excluded.started_at
                        THEN cooling_offs.started_at ELSE excluded.started_at END,
      ends_at = greatest(cooling_offs.ends_at, excluded.ends_at)`.execute(ctx.db);
}

/**
 * The account's running cooling-off, as the purchase's placing statement reads it under the account
 * lock: none when it is not cooling off.
 */
export interface CoolingOff {
  reason: CoolingOffReason;
  ends_at: Date;
  /** What the account's purchases since the cooling-off began took. */
  spent: bigint;
}

/**
 * The account's running cooling-off with what its purchases took since it began, as a lateral
 * join of at most one row (`LEFT JOIN LATERAL … AS cooling ON true`). Read by the statement that
 * runs after the account lock was granted (placing.ts), so that concurrent purchases are counted
 * one after the other: a statement that waited for the lock would count from before the wait.
 */
export function coolingOffRow(userId: bigint, now: Date): RawBuilder<CoolingOff> {
  return sql<CoolingOff>`(
    SELECT c.reason, c.ends_at,
      (SELECT coalesce(sum(t.amount_kobo), 0) FROM transactions t
        WHERE t.user_id = c.user_id AND t.created_at >= c.started_at AND t.status <> 'canceled'
          AND t.category IN (${sql.join([...SERVICE_CATEGORIES])}))::bigint AS spent
    FROM cooling_offs c WHERE c.user_id = ${userId}::bigint AND c.ends_at > ${now}::timestamptz)`;
}

/**
 * Whether a purchase of `amountKobo` fits the cooling-off read as `cooling` by coolingOffRow (true
 * when there is none).
 */
export function withinCoolingOff(
  cooling: { ends_at: RawBuilder<unknown>; spent: RawBuilder<unknown> },
  amountKobo: bigint,
): RawBuilder<boolean> {
  return sql<boolean>`(${cooling.ends_at} IS NULL
    OR ${cooling.spent} + ${amountKobo}::bigint <= ${COOLING_OFF_ALLOWANCE_KOBO}::bigint)`;
}

/**
 * Refuses (403) a purchase of `amountKobo` that would take the account's purchases since its
 * cooling-off began past the allowance; `cooling` is what coolingOffRow read, or null.
 */
export function refuseDuringCoolingOff(cooling: CoolingOff | null, amountKobo: bigint): void {
  if (!cooling) return;
  const { spent } = cooling;
  if (spent + amountKobo <= COOLING_OFF_ALLOWANCE_KOBO) return;
  const left = spent >= COOLING_OFF_ALLOWANCE_KOBO ? 0n : COOLING_OFF_ALLOWANCE_KOBO - spent;
  const refusal: CoolingOffRefusal = {
    reason: 'cooling-off',
    until: cooling.ends_at.toISOString(),
    left: koboToNaira(left),
  };
  throw new AppError(
    403,
    t(
      /*i18n*/ {
        id: 'coolingOff.refused',
        message:
          'for your security, purchases above {allowance} in total wait until {time} (Lagos time) because {why}; you can buy up to {left} more until then',
      },
      {
        allowance: formatNaira(koboToNaira(COOLING_OFF_ALLOWANCE_KOBO)),
        time: lagosDateTime(cooling.ends_at),
        why: t(WHY[cooling.reason]),
        left: formatNaira(koboToNaira(left)),
      },
    ),
    refusal,
  );
}
