import { COOLING_OFF_ALLOWANCE_KOBO, COOLING_OFF_HOURS } from '../../../core/coolingOff';
import { DAY_MS } from '../../../core/days';
import { formatNaira, koboToNaira } from '../../../core/money';
import type { Words } from '../../../core/i18n/words';
import { AppError } from '../../errors';
import { inLocale, t } from '../../i18n';
import { inTransaction, type AppContext } from '../context';
import { queueMail } from '../notifications/outbox';
import { startCoolingOff } from './coolingOff';
import { pauseSchedulesForRecovery } from '../schedules/recovery';
import { revokeUserSessions } from './sessions';
import { newToken } from './tokens';

/** A "this wasn't me" link works once, for a week: long enough to be read after a weekend. */
const NOT_ME_LINK_TTL_MS = 7 * DAY_MS;

export const INVALID_NOT_ME_LINK = /*i18n*/ {
  id: 'notMe.refused.link',
  message: 'this link is invalid, was already used or has expired',
};
export const NOT_ME_DONE = /*i18n*/ {
  id: 'notMe.done',
  message:
    'every device is signed out and your account is locked: choose a new password with "Forgot password?" to open it again',
};
export const ACCOUNT_LOCKED = /*i18n*/ {
  id: 'account.refused.locked',
  message:
    'this account is locked because its owner reported a change they did not make: choose a new password with "Forgot password?" to unlock it',
};

/**
 * Every change of what proves an account is its owner's, e-mailed to the owner at once (NIST SP
 * 800-63B-4 on notices); and every schedule made or changed, a standing authorisation to spend.
 */
export type CredentialChange =
  | 'password-changed'
  | 'password-reset'
  | 'pin-changed'
  | 'pin-reset'
  | 'phone-changed'
  | 'identity-verified'
  | 'new-device'
  | 'passkey-added'
  | 'passkey-removed'
  | 'schedule-created'
  | 'schedule-changed';

const CHANGES: Record<CredentialChange, { subject: Words; what: Words; coolsOff?: true }> = {
  'password-changed': {
    subject: /*i18n*/ { id: 'mail.change.passwordChanged.subject', message: 'Your Naira Wallet password was changed' },
    what: /*i18n*/ {
      id: 'mail.change.passwordChanged.what',
      message: 'The password of your Naira Wallet account was just changed, and every other device was signed out.',
    },
  },
  'password-reset': {
    subject: /*i18n*/ { id: 'mail.change.passwordReset.subject', message: 'Your Naira Wallet password was reset' },
    what: /*i18n*/ {
      id: 'mail.change.passwordReset.what',
      message:
        'The password of your Naira Wallet account was just reset with a link we e-mailed you, and every ' +
        'device was signed out. Your transaction pin is unchanged.',
    },
    coolsOff: true,
  },
  'pin-changed': {
    subject: /*i18n*/ {
      id: 'mail.change.pinChanged.subject',
      message: 'Your Naira Wallet transaction pin was changed',
    },
    what: /*i18n*/ {
      id: 'mail.change.pinChanged.what',
      message: 'The transaction pin of your Naira Wallet account was just changed.',
    },
  },
  'pin-reset': {
    subject: /*i18n*/ { id: 'mail.change.pinReset.subject', message: 'Your Naira Wallet transaction pin was reset' },
    what: /*i18n*/ {
      id: 'mail.change.pinReset.what',
      message:
        'The transaction pin of your Naira Wallet account was just reset with your password and an e-mailed code.',
    },
    coolsOff: true,
  },
  'phone-changed': {
    subject: /*i18n*/ {
      id: 'mail.change.phoneChanged.subject',
      message: 'The phone number of your Naira Wallet account was changed',
    },
    what: /*i18n*/ {
      id: 'mail.change.phoneChanged.what',
      message: 'The phone number on your Naira Wallet profile was just changed.',
    },
  },
  'identity-verified': {
    subject: /*i18n*/ {
      id: 'mail.change.identityVerified.subject',
      message: 'An identity number was added to your Naira Wallet account',
    },
    what: /*i18n*/ {
      id: 'mail.change.identityVerified.what',
      message: 'A BVN or NIN was just verified and linked to your Naira Wallet account, which raises its limits.',
    },
  },
  'new-device': {
    subject: /*i18n*/ { id: 'mail.change.newDevice.subject', message: 'New sign-in to your Naira Wallet account' },
    what: /*i18n*/ {
      id: 'mail.change.newDevice.what',
      message: 'Your Naira Wallet account was just signed in to from a device it had not been used on before.',
    },
    coolsOff: true,
  },
  'passkey-added': {
    subject: /*i18n*/ {
      id: 'mail.change.passkeyAdded.subject',
      message: 'A passkey was added to your Naira Wallet account',
    },
    what: /*i18n*/ {
      id: 'mail.change.passkeyAdded.what',
      message:
        'A passkey was just added to your Naira Wallet account: it signs in and confirms purchases with the ' +
        'screen lock of the device that holds it.',
    },
  },
  'passkey-removed': {
    subject: /*i18n*/ {
      id: 'mail.change.passkeyRemoved.subject',
      message: 'A passkey was removed from your Naira Wallet account',
    },
    what: /*i18n*/ {
      id: 'mail.change.passkeyRemoved.what',
      message:
        'A passkey was just removed from your Naira Wallet account: it no longer signs in or confirms purchases.',
    },
  },
  'schedule-created': {
    subject: /*i18n*/ {
      id: 'mail.change.scheduleCreated.subject',
      message: 'A scheduled purchase was set up on your Naira Wallet account',
    },
    what: /*i18n*/ {
      id: 'mail.change.scheduleCreated.what',
      message: 'A scheduled purchase was just set up on your Naira Wallet account and authorised with your pin:',
    },
  },
  'schedule-changed': {
    subject: /*i18n*/ {
      id: 'mail.change.scheduleChanged.subject',
      message: 'A scheduled purchase on your Naira Wallet account was changed',
    },
    what: /*i18n*/ {
      id: 'mail.change.scheduleChanged.what',
      message: 'A scheduled purchase on your Naira Wallet account was just changed and authorised again with your pin:',
    },
  },
};

const coolingOffLine = () =>
  t(
    /*i18n*/ {
      id: 'mail.change.coolingOff',
      message: 'For your security, purchases above {allowance} in total wait {hours} hours from now.',
    },
    { allowance: formatNaira(koboToNaira(COOLING_OFF_ALLOWANCE_KOBO)), hours: String(COOLING_OFF_HOURS) },
  );

/**
 * The owner's e-mail about a credential change, with a "this wasn't me" link that signs out
 * every device and locks the account until its password is reset (reportNotMe): the link and the
 * message (queued in the outbox, services/notifications/outbox.ts) are written in the caller's
 * transaction, the one that makes the change. `detail` follows what changed (a schedule's: what
 * it buys and when).
 */
export async function tellOwnerOfChange(
  ctx: AppContext,
  userId: bigint,
  change: CredentialChange,
  detail?: string,
): Promise<void> {
  const now = ctx.clock.now();
  const token = newToken();
  const owner = await ctx.db
    .selectFrom('users')
    .select(['email', 'language'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // The account's expired links go as a new one comes: the table holds live links only.
  await ctx.db.deleteFrom('not_me_links').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
  const link = await ctx.db
    .insertInto('not_me_links')
    .values({
      user_id: userId,
      token_hash: ctx.hashToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + NOT_ME_LINK_TTL_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { subject, what, coolsOff } = CHANGES[change];
  // In the owner's language: a login from a new device or a reset link is no session of theirs yet.
  const mail = inLocale(owner.language, () => ({
    to: owner.email,
    subject: t(subject),
    text: t(
      /*i18n*/ {
        id: 'mail.change.text',
        message:
          '{what}\n\n' +
          'If this was you, there is nothing to do.\n\n' +
          'If this was not you, open this link at once: it signs out every device and locks your account until ' +
          'you choose a new password.\n{link}\n\n' +
          'The link works once, for 7 days. We will never ask you for your password, pin or codes.',
      },
      {
        what: `${t(what)}${detail ? ` ${detail}` : ''}${coolsOff ? ` ${coolingOffLine()}` : ''}`,
        link: `${ctx.publicUrl}/not-me?token=${token}`,
      },
    ),
  }));
  // One notice per link: the link's row is the event.
  await queueMail(ctx, { kind: 'credential-change', event: link.id, mail });
}

/**
 * "This wasn't me": the link's owner is signed out everywhere, every reset link is void, the
 * account is locked until its password is reset with a new e-mailed link, purchases cool off as
 * after a reset, and every schedule waits to be authorised again. 400 for a link that is
 * unknown, used or expired.
 */
export async function reportNotMe(ctx: AppContext, token: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const now = tx.clock.now();
    const link = await tx.db
      .updateTable('not_me_links')
      .set({ used_at: now })
      .where('token_hash', '=', tx.hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!link) throw new AppError(400, t(INVALID_NOT_ME_LINK));
    await revokeUserSessions(tx, link.user_id);
    await tx.db
      .updateTable('password_reset_tokens')
      .set({ stage: 'spent' })
      .where('user_id', '=', link.user_id)
      .where('stage', '!=', 'spent')
      .execute();
    await tx.db
      .insertInto('account_locks')
      .values({ user_id: link.user_id, locked_at: now })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ locked_at: now }))
      .execute();
    await startCoolingOff(tx, link.user_id, 'not-me');
    await pauseSchedulesForRecovery(tx, link.user_id);
  });
}

/** A login whose password was right is refused (423) while the owner's report locks the account. */
export async function refuseLockedAccount(ctx: AppContext, userId: bigint): Promise<void> {
  const lock = await ctx.db
    .selectFrom('account_locks')
    .select('locked_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (lock) throw new AppError(423, t(ACCOUNT_LOCKED));
}

/** A password reset with an e-mailed link unlocks the account. */
export async function unlockAccount(ctx: AppContext, userId: bigint): Promise<void> {
  await ctx.db.deleteFrom('account_locks').where('user_id', '=', userId).execute();
}
