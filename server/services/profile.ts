import { AppError } from '../errors';
import type { Mail } from '../gateways/mailer';
import { inTransaction, type AppContext } from './context';
import { addNotification } from './notifications';
import { checkNewPassword } from './passwordPolicy';
import { checkAccountPassword } from './loginThrottle';
import { hashPassword } from './passwords';
import { revokeOtherSessions, type Session } from './sessions';
import type { IdentityGateway } from '../gateways/identity';
import { recordIdentities, verifyIdentity, type VerifiedIdentity } from './identity';

export interface ProfileChange {
  name: string;
  /** Normalised to 11 digits starting with 0. */
  phone: string;
  /** 11 digits, or undefined to keep what is stored. */
  nin?: string;
  bvn?: string;
}

export const OLD_PASSWORD_NOT_CORRECT = 'old password is not correct';

/**
 * Name and phone, and a NIN or BVN when given: verified with the identity provider against the
 * new name first (services/identity.ts), so a refused number saves nothing of the form. The
 * e-mail address is the login and is not changed here.
 */
export async function updateProfile(ctx: AppContext, identity: IdentityGateway, userId: bigint, change: ProfileChange): Promise<void> {
  const verified: VerifiedIdentity[] = [];
  for (const kind of ['bvn', 'nin'] as const) {
    const number = change[kind];
    const found = number === undefined ? null : await verifyIdentity(ctx, identity, userId, change.name, kind, number);
    if (found) verified.push(found);
  }
  await inTransaction(ctx, async (tx) => {
    await tx.db.updateTable('users').set({ name: change.name, phone: change.phone }).where('id', '=', userId).execute();
    await recordIdentities(tx, userId, verified);
  });
}

function passwordChangedMail(to: string): Mail {
  return {
    to,
    subject: 'Your Naira Wallet password was changed',
    text:
      'The password of your Naira Wallet account was just changed, and every other device was signed out.\n\n' +
      'If this was not you, reset your password at once with "Forgot password" on the login screen.',
  };
}

/**
 * Replaces the password after checking the old one, then signs out every other session of the
 * user (the one in hand stays) and voids any reset link. Answers the mail to send.
 */
export async function changePassword(ctx: AppContext, session: Session, oldPassword: string, newPassword: string): Promise<Mail> {
  const user = await ctx.db.selectFrom('users').select(['email', 'name', 'phone', 'password_hash']).where('id', '=', session.userId).executeTakeFirstOrThrow();
  if (!(await checkAccountPassword(ctx, user, oldPassword))) throw new AppError(400, OLD_PASSWORD_NOT_CORRECT);
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
    if (!replaced) throw new AppError(409, 'your password was changed in the meantime, please try again');
    await revokeOtherSessions(tx, session.userId, session.id);
    await tx.db.updateTable('password_reset_tokens').set({ stage: 'spent' }).where('user_id', '=', session.userId).where('stage', '!=', 'spent').execute();
    await addNotification(tx, session.userId, {
      title: 'Password changed',
      content: 'Your password was changed and every other device was signed out. If this was not you, reset your password at once.',
    });
  });
  return passwordChangedMail(user.email);
}
