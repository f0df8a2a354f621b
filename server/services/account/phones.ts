import { toPlainSms } from '../../gateways/sms';
import { t } from '../../i18n';
import { addNotification } from '../notifications/notifications';
import type { AppContext } from '../context';

/**
 * The phone on file, and whether its owner proved it theirs: a code texted to it and typed back
 * (otp.ts sendPhoneCode, verifyPhoneCode). Only a verified phone receives texts (the outcomes of
 * notifications/textMessages.ts); changing the phone unverifies it.
 */

/** The owner's phone when verified, where their texts go; null when it is not. */
export async function verifiedPhone(ctx: AppContext, userId: bigint): Promise<string | null> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['phone', 'phone_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.phone_verified_at === null ? null : user.phone;
}

/** Stamps `phone` verified, if it is still the one on file, and tells the owner what it brings. */
export async function markPhoneVerified(ctx: AppContext, userId: bigint, phone: string): Promise<void> {
  const verified = await ctx.db
    .updateTable('users')
    .set({ phone_verified_at: ctx.clock.now() })
    .where('id', '=', userId)
    .where('phone', '=', phone)
    .where('phone_verified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!verified) return;
  await addNotification(ctx, userId, {
    title: t(/*i18n*/ { id: 'notice.phoneVerified.title', message: 'Phone number verified' }),
    content: t(
      /*i18n*/ {
        id: 'notice.phoneVerified',
        message:
          'We will text {phone} the outcome of every payment and every funding of your wallet, with the token or pin you buy.',
      },
      { phone },
    ),
  });
}

/**
 * A new phone is not verified, and a code still live for the old one is spent: in the
 * transaction that changes it (profile.ts updateProfile).
 */
export async function forgetPhoneVerification(ctx: AppContext, userId: bigint): Promise<void> {
  await ctx.db.updateTable('users').set({ phone_verified_at: null }).where('id', '=', userId).execute();
  await ctx.db
    .updateTable('email_otps')
    .set({ used_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'verify-phone')
    .where('used_at', 'is', null)
    .execute();
}

/**
 * The text carrying a phone's code. Its last line is the origin-bound one-time code format
 * (`@<host> #<code>`, the WebOTP API's and Safari's): a browser on the phone fills the code in
 * for our site only, and no other site can ask for it.
 */
export function phoneCodeText(publicUrl: string, code: string, ttlMs: number): string {
  const host = new URL(publicUrl).hostname;
  const said = t(
    /*i18n*/ {
      id: 'sms.phoneCode',
      message: 'Your Naira Wallet phone code is {code}. It expires in {minutes} minutes. Never share it.',
    },
    { code, minutes: String(ttlMs / 60_000) },
  );
  return `${toPlainSms(said)}\n\n@${host} #${code}`;
}
