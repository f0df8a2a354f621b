import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { MAX_PASSKEYS, type Passkey, type PasskeyAnswer, type PasskeyCeremony } from '../../../core/passkeys';
import type { RelyingParty } from '../../config';
import { AppError } from '../../errors';
import { t } from '../../i18n';
import { inTransaction, type AppContext } from '../context';
import { addNotification } from '../notifications/notifications';
import type { ClientDevice, SignedIn } from './accounts';
import { startCoolingOff } from './coolingOff';
import { refuseLockedAccount, tellOwnerOfChange } from './credentialAlerts';
import { recordDevice } from './devices';
import { checkAccountPassword } from './loginThrottle';
import {
  advanceCounter,
  authenticationCeremony,
  listedPasskey,
  PasskeyRefused,
  registrationCeremony,
  takeChallenge,
  verifyAssertion,
  verifyRegistration,
  type StoredPasskey,
} from './passkeyCeremonies';
import { passwordNotCorrect } from './pins';
import { createSession, type Session } from './sessions';

/**
 * A customer's passkeys: added from /profile with the password, each e-mailed to the owner with
 * the "this wasn't me" link (as any credential change), and used to sign in and to confirm a
 * purchase or a schedule in place of the pin. The ceremonies are passkeyCeremonies.ts's.
 */

const NO_PASSKEY = /*i18n*/ {
  id: 'passkey.refused.none',
  message: 'this account has no passkey: add one on your profile, or use your pin',
};
const TOO_MANY = /*i18n*/ {
  id: 'passkey.refused.tooMany',
  message: 'an account can hold {max} passkeys: remove one you no longer use first',
};
const ALREADY_ADDED = /*i18n*/ { id: 'passkey.refused.taken', message: 'this passkey is already on an account' };
const NOT_FOUND = /*i18n*/ { id: 'passkey.refused.notFound', message: 'this passkey is not on your account' };

const sessionBound = (session: Session) => `session:${session.id}`;

/** The passkey a change e-mail is about, as its owner named it (said in the owner's session's language). */
const passkeyNamed = (name: string) =>
  t(/*i18n*/ { id: 'mail.change.passkeyName', message: 'Its name: “{name}”.' }, { name });

/**
 * The user handle the passkey keeps for the account: a keyed hash of its id, so the
 * authenticator holds no e-mail and no number, and a sign-in can check the passkey is that account's.
 */
const userHandle = (ctx: AppContext, userId: bigint) => ctx.hashToken(`passkey-user:${userId}`);

const ownPasskeys = (ctx: AppContext, userId: bigint) =>
  ctx.db
    .selectFrom('passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'backed_up'])
    .select(['created_at', 'last_used_at', 'device_hash'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

/** The account's passkeys, oldest first. */
export async function listPasskeys(ctx: AppContext, userId: bigint): Promise<Passkey[]> {
  return (await ownPasskeys(ctx, userId)).map(listedPasskey);
}

/**
 * The start of adding a passkey: the account password first (counted with the login's
 * failures, as every check of it is), so a session left open on a shared phone cannot add one.
 */
export async function startAddingPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  session: Session,
  password: string,
): Promise<PasskeyCeremony> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'name', 'password_hash'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (!(await checkAccountPassword(ctx, user, password))) throw new AppError(400, t(passwordNotCorrect));
  const existing = await ownPasskeys(ctx, session.userId);
  if (existing.length >= MAX_PASSKEYS) throw new AppError(409, t(TOO_MANY, { max: MAX_PASSKEYS }));
  const handle = userHandle(ctx, session.userId);
  const owner = { handle, name: user.email, displayName: user.name };
  return registrationCeremony(ctx, rp, 'register', sessionBound(session), owner, existing);
}

/**
 * Finishes adding a passkey: its ceremony taken, its registration checked, then stored with the
 * device that made it and the owner e-mailed, in one transaction.
 */
export async function addPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  session: Session,
  answer: PasskeyAnswer,
  form: { name: string; deviceId?: string },
): Promise<Passkey> {
  const challenge = await takeChallenge(ctx, answer.ceremony, 'register', sessionBound(session));
  const made = await verifyRegistration(rp, challenge, answer.response as unknown as RegistrationResponseJSON);
  const id = await inTransaction(ctx, async (tx) => {
    const { held } = await tx.db
      .selectFrom('passkeys')
      .select((eb) => eb.fn.countAll<bigint>().as('held'))
      .where('user_id', '=', session.userId)
      .executeTakeFirstOrThrow();
    if (Number(held) >= MAX_PASSKEYS) throw new AppError(409, t(TOO_MANY, { max: MAX_PASSKEYS }));
    const row = await tx.db
      .insertInto('passkeys')
      .values({
        user_id: session.userId,
        credential_id: made.credentialId,
        public_key: Buffer.from(made.publicKey),
        counter: BigInt(made.counter),
        transports: made.transports,
        backed_up: made.backedUp,
        name: form.name,
        device_hash: form.deviceId === undefined ? null : tx.hashToken(`device:${form.deviceId}`),
        created_at: tx.clock.now(),
      })
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError(409, t(ALREADY_ADDED));
    await addNotification(tx, session.userId, {
      title: 'Passkey added',
      content:
        `The passkey “${form.name}” was added to your account. If this was not you, open the link in the ` +
        'e-mail we sent you at once.',
    });
    await tellOwnerOfChange(tx, session.userId, 'passkey-added', passkeyNamed(form.name));
    return row.id;
  });
  return found((await listPasskeys(ctx, session.userId)).find((passkey) => passkey.id === Number(id)));
}

/** The passkey looked for, or 404: it is not (or no longer) on the account. */
function found<T>(value: T | undefined): T {
  if (value === undefined) throw new AppError(404, t(NOT_FOUND));
  return value;
}

export async function renamePasskey(ctx: AppContext, userId: bigint, passkeyId: bigint, name: string) {
  const renamed = await ctx.db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!renamed) throw new AppError(404, t(NOT_FOUND));
  return found((await listPasskeys(ctx, userId)).find((passkey) => passkey.id === Number(passkeyId)));
}

/** Removes a passkey: it signs nothing in from now on; the owner is e-mailed. */
export async function removePasskey(ctx: AppContext, userId: bigint, passkeyId: bigint): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const removed = await tx.db
      .deleteFrom('passkeys')
      .where('id', '=', passkeyId)
      .where('user_id', '=', userId)
      .returning('name')
      .executeTakeFirst();
    if (!removed) throw new AppError(404, t(NOT_FOUND));
    await addNotification(tx, userId, {
      title: 'Passkey removed',
      content: `The passkey “${removed.name}” was removed from your account: it no longer signs in.`,
    });
    await tellOwnerOfChange(tx, userId, 'passkey-removed', passkeyNamed(removed.name));
  });
}

/** The start of a sign-in with a passkey: no account is named, the phone offers the ones it holds. */
export async function startPasskeySignIn(ctx: AppContext, rp: RelyingParty): Promise<PasskeyCeremony> {
  return authenticationCeremony(ctx, rp, 'sign-in', 'nobody', []);
}

type UsedPasskey = Awaited<ReturnType<typeof ownPasskeys>>[number] & { user_id: bigint };

/** The stored passkey a response names, or refused as unknown (a removed passkey, another site's). */
async function passkeyOf(ctx: AppContext, response: AuthenticationResponseJSON): Promise<UsedPasskey> {
  const stored = await ctx.db
    .selectFrom('passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'backed_up'])
    .select(['created_at', 'last_used_at', 'device_hash'])
    .where('credential_id', '=', response.id)
    .executeTakeFirst();
  if (!stored) throw new PasskeyRefused('unknown-credential');
  return stored;
}

/** Checks an assertion of `stored` and records its counter; refused (PasskeyRefused) when anything fails. */
async function checkPasskeyUse(
  ctx: AppContext,
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  stored: UsedPasskey,
): Promise<void> {
  // The handle the phone keeps with the passkey must be its account's: a key moved to another account is not.
  const handle = response.response.userHandle;
  const expected = userHandle(ctx, stored.user_id).toString('base64url');
  if (handle !== undefined && handle !== expected) throw new PasskeyRefused('unknown-credential', stored.id);
  const counter = await verifyAssertion(rp, challenge, response, stored as StoredPasskey);
  await advanceCounter(ctx, 'passkeys', stored as StoredPasskey, counter);
}

/**
 * Signs in with a passkey: the same session and routing as a password login. The sign-in counts
 * as the device that made the passkey: a passkey bound to its device cannot be elsewhere, so a
 * new device id (the app's storage cleared) is no new device. A synced passkey can be on a new
 * phone: from a device the account has not used, it cools purchases off and tells the owner, as a
 * password would.
 */
export async function signInWithPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  answer: PasskeyAnswer,
  client: ClientDevice,
): Promise<SignedIn> {
  const challenge = await takeChallenge(ctx, answer.ceremony, 'sign-in', 'nobody');
  const response = answer.response as unknown as AuthenticationResponseJSON;
  const stored = await passkeyOf(ctx, response);
  await checkPasskeyUse(ctx, rp, challenge, response, stored);
  await refuseLockedAccount(ctx, stored.user_id);
  await inTransaction(ctx, async (tx) => {
    const sighting = await recordDevice(tx, stored.user_id, client.deviceId);
    if (sighting !== 'new' || !stored.backed_up) return;
    await startCoolingOff(tx, stored.user_id, 'new-device');
    await tellOwnerOfChange(tx, stored.user_id, 'new-device');
  });
  return { userId: stored.user_id, token: await createSession(ctx, stored.user_id, client.device) };
}

/** The start of confirming a purchase or a schedule with one of the account's passkeys. */
export async function startPasskeyConfirmation(
  ctx: AppContext,
  rp: RelyingParty,
  session: Session,
): Promise<PasskeyCeremony> {
  const own = await ownPasskeys(ctx, session.userId);
  if (own.length === 0) throw new AppError(409, t(NO_PASSKEY));
  return authenticationCeremony(ctx, rp, 'confirm', sessionBound(session), own);
}

/**
 * Whether a purchase's (or schedule's) passkey answer confirms it: true when one of the account's
 * passkeys signed this session's challenge with the screen lock. A refusal after the ceremony
 * was taken answers false, with `onRefused` told why (logged; the purchase counts it as a wrong
 * pin). A ceremony that is not there (used, expired, another session's) is refused (400) and
 * counts nothing: no passkey was tried.
 */
export async function confirmedByPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  session: Session,
  answer: PasskeyAnswer,
  onRefused: (refusal: PasskeyRefused) => void,
): Promise<boolean> {
  const challenge = await takeChallenge(ctx, answer.ceremony, 'confirm', sessionBound(session));
  try {
    const response = answer.response as unknown as AuthenticationResponseJSON;
    const stored = await passkeyOf(ctx, response);
    if (stored.user_id !== session.userId) throw new PasskeyRefused('unknown-credential');
    await checkPasskeyUse(ctx, rp, challenge, response, stored);
    return true;
  } catch (error) {
    if (!(error instanceof PasskeyRefused)) throw error;
    onRefused(error);
    return false;
  }
}
