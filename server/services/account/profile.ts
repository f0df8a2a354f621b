import { t } from '../../i18n';
import type { Locale } from '../../../core/i18n/locales';
import { AppError } from '../../errors';
import { currentContext } from '../../http/requestContext';
import { inTransaction, type AppContext } from '../context';
import { tellOwnerOfChange } from './credentialAlerts';
import { forgetPhoneVerification } from './phones';
import { addNotification } from '../notifications/notifications';
import { checkNewPassword } from './passwordPolicy';
import { checkAccountPassword } from './loginThrottle';
import { hashPassword } from './passwords';
import { revokeOtherSessions, type Session } from './sessions';
import { identityMessages } from '../../../core/words/identity';
import type { BankPartner, IdentityProof } from '../../gateways/bankPartner';
import type { IdentityGateway } from '../../gateways/identity';
import { enrolWithPartners } from '../identity/enrolment';
import { recordIdentities, sameName, verifyIdentity, type VerifiedIdentity } from '../identity/identity';

export interface ProfileChange {
  name: string;
  /** Normalised to 11 digits starting with 0. */
  phone: string;
  /** 11 digits, or undefined to keep what is stored. */
  nin?: string;
  bvn?: string;
  /** YYYY-MM-DD, typed with a NIN or BVN: the record's must be the same. */
  dateOfBirth?: string;
}

export const OLD_PASSWORD_NOT_CORRECT = /*i18n*/ {
  id: 'password.refused.oldWrong',
  message: 'old password is not correct',
};

/**
 * Name and phone, and a NIN or BVN when given: verified with the identity provider against the
 * new name and phone and the date of birth typed first (services/identity.ts), so a refused
 * number saves nothing of the form; a number verified goes on to the bank partners, which open
 * the user's accounts with it (services/enrolment.ts). Once an identity is verified, the name it
 * matched is frozen: another one is refused (support changes it). A new phone is not verified
 * until its owner types back the code texted to it (otp.ts sendPhoneCode). The e-mail address is
 * the login and is not changed here.
 */
export async function updateProfile(
  ctx: AppContext,
  identity: IdentityGateway,
  banks: readonly BankPartner[],
  userId: bigint,
  change: ProfileChange,
): Promise<void> {
  const current = await ctx.db
    .selectFrom('users')
    .select(['name', 'bvn_verified_at', 'nin_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const frozen = current.bvn_verified_at !== null || current.nin_verified_at !== null;
  if (frozen && !sameName(current.name, change.name)) throw new AppError(409, t(identityMessages.nameFrozen));
  // A frozen name is kept as verified, whatever spacing or case the form sent.
  const name = frozen ? current.name : change.name;
  const verified: VerifiedIdentity[] = [];
  const holder = { name, phone: change.phone };
  for (const kind of ['bvn', 'nin'] as const) {
    const number = change[kind];
    if (number === undefined) continue;
    const claim = { kind, number, dateOfBirth: change.dateOfBirth ?? '' };
    const found = await verifyIdentity(ctx, identity, userId, holder, claim);
    if (found) verified.push(found);
  }
  await inTransaction(ctx, async (tx) => {
    const before = await tx.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await tx.db.updateTable('users').set({ name, phone: change.phone }).where('id', '=', userId).execute();
    // A new number is not verified until a code texted to it comes back (otp.ts verifyPhoneCode).
    if (before.phone !== change.phone) await forgetPhoneVerification(tx, userId);
    await recordIdentities(tx, userId, verified);
    // The owner hears of every change of what identifies them, at once.
    const changes = [
      ...(before.phone !== change.phone ? (['phone-changed'] as const) : []),
      ...(verified.length > 0 ? (['identity-verified'] as const) : []),
    ];
    for (const kind of changes) await tellOwnerOfChange(tx, userId, kind);
  });
  const proof: IdentityProof = {};
  for (const found of verified) proof[found.kind] = change[found.kind];
  if (verified.length > 0) await enrolWithPartners(ctx, banks, userId, proof);
}

/**
 * Replaces the password after checking the old one, then signs out every other session of the
 * user (the one in hand stays) and voids any reset link; the owner is e-mailed.
 */
export async function changePassword(
  ctx: AppContext,
  session: Session,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['email', 'name', 'phone', 'password_hash'])
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  if (!(await checkAccountPassword(ctx, user, oldPassword))) throw new AppError(400, t(OLD_PASSWORD_NOT_CORRECT));
  await checkNewPassword(newPassword, user);
  const passwordHash = await hashPassword(newPassword);
  await inTransaction(ctx, async (tx) => {
    // Only over the password just verified: of two racing changes, the second is refused.
    const replaced = await tx.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', session.userId)
      .where('password_hash', '=', user.password_hash)
      .returning('id')
      .executeTakeFirst();
    if (!replaced)
      throw new AppError(
        409,
        t(
          /*i18n*/ {
            id: 'password.refused.raced',
            message: 'your password was changed in the meantime, please try again',
          },
        ),
      );
    await revokeOtherSessions(tx, session.userId, session.id);
    await tx.db
      .updateTable('password_reset_tokens')
      .set({ stage: 'spent' })
      .where('user_id', '=', session.userId)
      .where('stage', '!=', 'spent')
      .execute();
    await addNotification(tx, session.userId, {
      title: t(/*i18n*/ { id: 'notice.passwordChanged.title', message: 'Password changed' }),
      content: t(
        /*i18n*/ {
          id: 'notice.passwordChanged',
          message:
            'Your password was changed and every other device was signed out. If this was not you, reset your password at once.',
        },
      ),
    });
    await tellOwnerOfChange(tx, session.userId, 'password-changed');
  });
}

/**
 * The language the account is spoken to in from now on, on every device and channel; the rest of
 * the call already speaks it.
 */
export async function setLanguage(ctx: AppContext, userId: bigint, language: Locale): Promise<void> {
  await ctx.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
  const context = currentContext();
  if (context) context.locale = language;
}
