import { AppError } from '../../errors';
import { t } from '../../i18n';
import type { AppContext } from '../context';
import { refuseLockedAccount } from '../account/credentialAlerts';
import { checkPasskey, checkPin, PIN_LOCKED, pinMatches, type PinCheck, type PinHolder } from '../account/pins';
import type { Session } from '../account/sessions';

/**
 * Who authorises a purchase: the signed-in user with the transaction pin typed for this very
 * request or a passkey used for it (its check was done before, services/account/passkeys.ts;
 * it counts under the lock like a pin), or one of their schedules, authorised once with the pin when it was created or
 * edited and bounded by the amount authorised then (services/schedules). A schedule's run has
 * no session and no pin: the pin lock still stops it, and a product costing more than
 * `maxKobo` is refused before any money moves; so is one whose owner's "this wasn't me" locked the
 * account, even when it landed after the run's own check.
 */
export type Authorisation =
  | { kind: 'pin'; session: Session; pin: string }
  | { kind: 'passkey'; session: Session; confirmed: boolean }
  | { kind: 'schedule'; userId: bigint; maxKobo: bigint };

/** A scheduled run's product costs more than its owner authorised: nothing is bought. */
export const ABOVE_AUTHORISED = /*i18n*/ {
  id: 'schedule.refused.aboveAuthorised',
  message: 'this costs more than the amount you authorised for the schedule',
};

/** The user who buys. */
export const buyerOf = (authorisation: Authorisation): bigint =>
  authorisation.kind === 'schedule' ? authorisation.userId : authorisation.session.userId;

/** The session whose standing the placing statement checks; a schedule's run has none. */
export const sessionOf = (authorisation: Authorisation): Session | null =>
  authorisation.kind === 'schedule' ? null : authorisation.session;

/**
 * A copy of a request already placed: its own pin is checked and counted like any purchase's
 * before the first one's answer is shown. A schedule's run taken over after its lease has the
 * run's own key, which no client can claim: the copy is the same run.
 */
export async function authoriseCopy(
  tx: AppContext,
  authorisation: Authorisation,
  holder: PinHolder,
): Promise<PinCheck> {
  if (authorisation.kind === 'schedule') return { kind: 'correct' };
  if (authorisation.kind === 'passkey')
    return checkPasskey(tx, holder, authorisation.confirmed, authorisation.session.id);
  return checkPin(tx, holder, authorisation.pin, authorisation.session.id);
}

/**
 * A new purchase of `amountKobo`, in the transaction holding the account lock. The usual
 * purchase — the right pin, no wrong one before it, no lock — reads and writes nothing for its
 * pin: the statement that claims the key checks the session is still live. Anything else goes
 * through checkPin, which checks the session first and counts; the count is committed with the
 * answer, and no key is claimed. A schedule's run is refused (thrown) while the pin is locked
 * or above what its owner authorised.
 */
export async function authorise(
  tx: AppContext,
  authorisation: Authorisation,
  holder: PinHolder,
  amountKobo: bigint,
): Promise<PinCheck> {
  if (authorisation.kind === 'schedule') {
    if (holder.pin_locked_at !== null) throw new AppError(423, t(PIN_LOCKED));
    await refuseLockedAccount(tx, authorisation.userId);
    if (amountKobo > authorisation.maxKobo) throw new AppError(409, t(ABOVE_AUTHORISED));
    return { kind: 'correct' };
  }
  if (authorisation.kind === 'passkey')
    return checkPasskey(tx, holder, authorisation.confirmed, authorisation.session.id);
  if (holder.pin_attempts === 0 && holder.pin_locked_at === null && pinMatches(tx, holder, authorisation.pin))
    return { kind: 'correct' };
  return checkPin(tx, holder, authorisation.pin, authorisation.session.id);
}
