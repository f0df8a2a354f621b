import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, TOTP_CODE, type EnrolmentSecret } from '../../../core/console';
import type { AppContext } from '../../services/context';
import { AppError } from '../../errors';
import { PASSKEY_REFUSED } from '../../services/account/passkeyCeremonies';
import { PASSKEY_REQUIRED, passkeyRequired } from './staffPasskeys';

/**
 * The staff second factor: TOTP (RFC 6238: six digits, 30-second steps, SHA-1, what every
 * authenticator app speaks) through otplib, and single-use recovery codes. The secret is sealed
 * at rest (AES-256-GCM under PIN_KEY, bound to the staff member); a code is accepted once: the
 * step it matched is recorded, and no code of that step or an earlier one is accepted again.
 */

export const TOTP_PERIOD_S = 30;
/** One step either side of now: the phone's clock may be a little off (RFC 6238 §5.2). */
const TOLERANCE_S = TOTP_PERIOD_S;
const ISSUER = 'Naira Wallet console';

export const WRONG_CODE = 'that code is not right: enter the current six-digit code from your authenticator app';
export const USED_CODE = 'that code was already used: wait for the next one in your authenticator app';

export const sealContext = (staffId: bigint) => `totp:${staffId}`;

/** A new secret to enrol, as the app shows it: the key, the otpauth URI and its QR code. */
export async function newEnrolmentSecret(email: string): Promise<EnrolmentSecret> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label: email, secret });
  const qr_svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr_svg };
}

/** The newest step a code is accepted for at `now`: the step of one tolerance ahead, as otplib counts. */
const newestStep = (now: Date) => BigInt(Math.floor((Math.floor(now.getTime() / 1000) + TOLERANCE_S) / TOTP_PERIOD_S));

/**
 * The time step `code` is right for, or null. `afterStep`: the last step accepted for this
 * secret; that step and any earlier one are refused (a code is good once).
 */
export async function matchedStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: bigint | null,
): Promise<bigint | null> {
  if (!TOTP_CODE.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_S,
    ...(afterStep === null ? {} : { afterTimeStep: Number(afterStep) }),
  });
  // The TOTP strategy answers the step it matched.
  if (!result.valid || !('timeStep' in result)) return null;
  return BigInt(result.timeStep);
}

export type CodeCheck = 'accepted' | 'wrong' | 'reused' | 'not-enrolled';

/**
 * Checks a staff member's code against their enrolled secret and records the step it matched,
 * in the caller's transaction (what the code authorises commits with it, or neither does). The
 * row is locked, so two requests carrying one code cannot both pass.
 */
export async function takeCode(tx: AppContext, staffId: bigint, code: string): Promise<CodeCheck> {
  if (!tx.db.isTransaction) throw new Error('takeCode must run inside the transaction of what the code authorises');
  const staff = await tx.db
    .selectFrom('staff')
    .select(['totp_secret', 'totp_last_step'])
    .where('id', '=', staffId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (!staff.totp_secret) return 'not-enrolled';
  // A step taken on a replica whose clock is ahead of this one's may be newer than any this one
  // accepts (otplib throws on it): no code can follow it here yet, so the code is one used.
  if (staff.totp_last_step !== null && staff.totp_last_step >= newestStep(tx.clock.now())) return 'reused';
  const secret = tx.secrets.open(staff.totp_secret, sealContext(staffId));
  const step = await matchedStep(secret, code, tx.clock.now(), staff.totp_last_step);
  if (step === null) return (await matchedStep(secret, code, tx.clock.now(), null)) === null ? 'wrong' : 'reused';
  await tx.db.updateTable('staff').set({ totp_last_step: step }).where('id', '=', staffId).execute();
  return 'accepted';
}

/** A code that re-authenticated nothing: wrong (a guess, counted by signIn.ts's `reauthenticated`) or already used. */
export class RefusedCode extends AppError {
  constructor(
    readonly check: 'wrong' | 'reused',
    message = check === 'reused' ? USED_CODE : WRONG_CODE,
  ) {
    super(403, message);
  }
}

/**
 * What re-authenticates work: a code from the authenticator app as typed, or whether a passkey
 * confirmed it (staffPasskeys.ts staffPasskeyConfirms, done before the work's transaction so that
 * its challenge stays spent whatever the work's outcome).
 */
export type FactorProof = string | { passkeyConfirmed: boolean };

/**
 * Re-authentication before a money action or a staff change: the code is taken in the action's
 * transaction (or the passkey's outcome read), or the action is refused (403). An admin or finance
 * account that holds a passkey must use it: its codes are refused. Run inside signIn.ts's `reauthenticated`, which
 * holds the second factor's lock and counts a wrong code with sign-in's.
 */
export async function confirmCode(tx: AppContext, staffId: bigint, code: FactorProof): Promise<void> {
  if (typeof code !== 'string') {
    if (!code.passkeyConfirmed) throw new RefusedCode('wrong', PASSKEY_REFUSED);
    return;
  }
  const { role } = await tx.db.selectFrom('staff').select('role').where('id', '=', staffId).executeTakeFirstOrThrow();
  if (await passkeyRequired(tx, staffId, role)) throw new AppError(403, PASSKEY_REQUIRED);
  const check = await takeCode(tx, staffId, code.trim());
  if (check === 'not-enrolled') throw new AppError(403, 'set up your authenticator app first');
  if (check !== 'accepted') throw new RefusedCode(check);
}

// ── Recovery codes ──────────────────────────────────────────────────────────────────────────

/** Crockford's base32: nothing read aloud or copied by hand is mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const symbols = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return `${symbols.slice(0, 5)}-${symbols.slice(5)}`;
}

/** As typed: any case, spaces or no hyphen. */
export const normaliseRecoveryCode = (text: string) => {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
};

/**
 * Replaces the staff member's recovery codes with fresh ones; answers them (shown once, stored only
 * as keyed hashes).
 */
export async function replaceRecoveryCodes(tx: AppContext, staffId: bigint): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await tx.db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await tx.db
    .insertInto('staff_recovery_codes')
    .values(codes.map((code) => ({ staff_id: staffId, code_hash: tx.hashToken(`recovery:${code}`) })))
    .execute();
  return codes;
}

/** Spends one recovery code: true when it was one of the staff member's unused codes (now used). */
export async function spendRecoveryCode(ctx: AppContext, staffId: bigint, typed: string): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  const spent = await ctx.db
    .updateTable('staff_recovery_codes')
    .set({ used_at: ctx.clock.now() })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', ctx.hashToken(`recovery:${code}`))
    .where('used_at', 'is', null)
    .returning('staff_id')
    .executeTakeFirst();
  return spent !== undefined;
}
