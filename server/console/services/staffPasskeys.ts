import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { allows, type StaffRole } from '../../../core/console';
import { MAX_PASSKEYS, type Passkey, type PasskeyAnswer, type PasskeyCeremony } from '../../../core/passkeys';
import type { RelyingParty } from '../../config';
import { AppError } from '../../errors';
import {
  advanceCounter,
  authenticationCeremony,
  listedPasskey,
  PasskeyRefused,
  registrationCeremony,
  takeChallenge,
  verifyAssertion,
  verifyRegistration,
} from '../../services/account/passkeyCeremonies';
import { inTransaction, type AppContext } from '../../services/context';
import { recordAudit } from './audit';
import type { StaffSession } from './staffSessions';

/**
 * Staff passkeys: the console's phishing-resistant second factor. A passkey answers only the
 * console's own origin (OPS_PUBLIC_URL), so a look-alike page that relays a password and a code
 * gets nothing it can use. Added by a signed-in staff member; once an admin or finance account
 * holds one, it signs in and re-authenticates money and staff work with it, and its
 * authenticator-app codes are refused (the recovery codes stay, for a lost phone, and an admin's
 * reset removes every passkey). Support accounts may use either.
 */

const TOO_MANY = `an account can hold ${MAX_PASSKEYS} passkeys: remove one you no longer use first`;
const NOT_FOUND = 'this passkey is not on your account';
export const PASSKEY_REQUIRED =
  'your account confirms with its passkey: use it (a recovery code signs you in if your phone is lost)';

const bound = (session: { sessionId: bigint }) => `staff-session:${session.sessionId}`;
const subjectOf = (staffId: bigint) => `staff:${staffId}`;

const stored = (ctx: AppContext, staffId: bigint) =>
  ctx.db
    .selectFrom('staff_passkeys')
    .select(['id', 'credential_id', 'public_key', 'counter', 'transports', 'name', 'backed_up'])
    .select(['created_at', 'last_used_at'])
    .where('staff_id', '=', staffId)
    .orderBy('id')
    .execute();

export async function listStaffPasskeys(ctx: AppContext, staffId: bigint): Promise<Passkey[]> {
  return (await stored(ctx, staffId)).map(listedPasskey);
}

/** Whether the account must use its passkey: an admin or finance account that holds one. */
export async function passkeyRequired(ctx: AppContext, staffId: bigint, role: StaffRole): Promise<boolean> {
  if (!allows(role, 'money.decide')) return false;
  return (await stored(ctx, staffId)).length > 0;
}

/** The start of adding a passkey, by a signed-in staff member. */
export async function startStaffPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  session: StaffSession,
): Promise<PasskeyCeremony> {
  const existing = await stored(ctx, session.staffId);
  if (existing.length >= MAX_PASSKEYS) throw new AppError(409, TOO_MANY);
  const handle = ctx.hashToken(`passkey-staff:${session.staffId}`);
  const owner = { handle, name: session.email, displayName: session.name };
  return registrationCeremony(ctx, rp, 'staff-register', bound(session), owner, existing);
}

export async function addStaffPasskey(
  ctx: AppContext,
  rp: RelyingParty,
  actor: { session: StaffSession; address: string },
  answer: PasskeyAnswer,
  name: string,
): Promise<Passkey> {
  const { session } = actor;
  const challenge = await takeChallenge(ctx, answer.ceremony, 'staff-register', bound(session));
  const made = await verifyRegistration(rp, challenge, answer.response as unknown as RegistrationResponseJSON);
  const id = await inTransaction(ctx, async (tx) => {
    const row = await tx.db
      .insertInto('staff_passkeys')
      .values({
        staff_id: session.staffId,
        credential_id: made.credentialId,
        public_key: Buffer.from(made.publicKey),
        counter: BigInt(made.counter),
        transports: made.transports,
        backed_up: made.backedUp,
        name,
        created_at: tx.clock.now(),
      })
      .onConflict((conflict) => conflict.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new AppError(409, 'this passkey is already on an account');
    const who = { staffId: session.staffId, email: session.email, address: actor.address };
    await recordAudit(tx, who, { action: 'staff.passkey-add', subject: subjectOf(session.staffId), after: { name } });
    return row.id;
  });
  const added = (await listStaffPasskeys(ctx, session.staffId)).find((passkey) => passkey.id === Number(id));
  if (!added) throw new AppError(404, NOT_FOUND);
  return added;
}

export async function removeStaffPasskey(
  ctx: AppContext,
  actor: { session: StaffSession; address: string },
  passkeyId: bigint,
): Promise<void> {
  const { session } = actor;
  await inTransaction(ctx, async (tx) => {
    const removed = await tx.db
      .deleteFrom('staff_passkeys')
      .where('id', '=', passkeyId)
      .where('staff_id', '=', session.staffId)
      .returning('name')
      .executeTakeFirst();
    if (!removed) throw new AppError(404, NOT_FOUND);
    const who = { staffId: session.staffId, email: session.email, address: actor.address };
    const record = { action: 'staff.passkey-remove', subject: subjectOf(session.staffId), before: removed };
    await recordAudit(tx, who, record);
  });
}

/**
 * The start of a passkey ceremony for this session: the sign-in's second factor (a half-open
 * session) or a re-authentication (a signed-in one), with the account's own passkeys.
 */
export async function startStaffPasskeyUse(
  ctx: AppContext,
  rp: RelyingParty,
  session: StaffSession,
): Promise<PasskeyCeremony> {
  const own = await stored(ctx, session.staffId);
  if (own.length === 0) throw new AppError(409, 'you have no passkey yet: use your authenticator app');
  const ceremony = session.stage === 'signed-in' ? 'staff-confirm' : 'staff-sign-in';
  return authenticationCeremony(ctx, rp, ceremony, bound(session), own);
}

/**
 * Whether this session's passkey answer is one of the account's passkeys, with the screen lock.
 * A ceremony that is not there is refused (400) and counts nothing; any other refusal answers
 * false with `onRefused` told why (audited and counted as a wrong code by the caller).
 */
export async function staffPasskeyConfirms(
  ctx: AppContext,
  rp: RelyingParty,
  session: StaffSession,
  answer: PasskeyAnswer,
  onRefused: (refusal: PasskeyRefused) => void,
): Promise<boolean> {
  const ceremony = session.stage === 'signed-in' ? 'staff-confirm' : 'staff-sign-in';
  const challenge = await takeChallenge(ctx, answer.ceremony, ceremony, bound(session));
  const response = answer.response as unknown as AuthenticationResponseJSON;
  try {
    const passkey = (await stored(ctx, session.staffId)).find((row) => row.credential_id === response.id);
    if (!passkey) throw new PasskeyRefused('unknown-credential');
    const counter = await verifyAssertion(rp, challenge, response, passkey);
    await advanceCounter(ctx, 'staff_passkeys', passkey, counter);
    return true;
  } catch (error) {
    if (!(error instanceof PasskeyRefused)) throw error;
    onRefused(error);
    return false;
  }
}
