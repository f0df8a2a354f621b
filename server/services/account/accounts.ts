import { inLocale, t } from '../../i18n';
import { DEFAULT_LOCALE, type Locale } from '../../../core/i18n/locales';
import { currentContext } from '../../http/requestContext';
import { sql } from 'kysely';
import { DAY_MS } from '../../../core/days';
import { AppError } from '../../errors';
import type { Mail } from '../../gateways/mailer';
import { inTransaction, type AppContext } from '../context';
import {
  admitLogin,
  failedLoginsMail,
  loginSucceeded,
  type LoginAttempt,
  type LoginThrottleDeps,
} from './loginThrottle';
import { claimNotice } from './accountNotices';
import { startCoolingOff } from './coolingOff';
import { tellOwnerOfChange, refuseLockedAccount } from './credentialAlerts';
import { recordDevice } from './devices';
import { addNotification } from '../notifications/notifications';
import { queueMail, type MailMessage } from '../notifications/outbox';
import { hashPassword, verifyPassword, verifyPasswordOfNobody } from './passwords';
import { createSession } from './sessions';

export interface NewAccount {
  name: string;
  /** Lowercased by the caller's validation; also enforced by the table. */
  email: string;
  /** Normalised to 11 digits starting with 0. */
  phone: string;
  password: string;
  /** What the account will be spoken to in; the request's language when not given. */
  language?: Locale;
}

export interface SignedIn {
  userId: bigint;
  token: string;
}

/** A sign-in's answer, by password (routes/auth.ts) or passkey (routes/passkeys.ts). */
export const LOGGED_IN = /*i18n*/ { id: 'account.done.loggedIn', message: 'login successful' };

/** Deliberately the same for an unknown e-mail and a wrong password, and free of the word that logs the SPA out. */
const INVALID_LOGIN = /*i18n*/ { id: 'account.invalidLogin', message: 'invalid email or password' };

/** Matches the account of an e-mail address in any letter case, through the unique index on lower(email). */
export const hasEmail = (email: string) => sql<boolean>`lower(email) = lower(${email})`;

/**
 * Creates the user and an empty wallet; answers 409 when the e-mail is taken. Run it inside a
 * transaction, with the password hashed beforehand: a transaction should not wait for argon2.
 */
export async function createAccount(ctx: AppContext, account: NewAccount, passwordHash: string): Promise<bigint> {
  const now = ctx.clock.now();
  const user = await ctx.db
    .insertInto('users')
    .values({
      name: account.name,
      email: account.email,
      phone: account.phone,
      password_hash: passwordHash,
      created_at: now,
      language: account.language ?? currentContext()?.locale ?? DEFAULT_LOCALE,
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!user)
    throw new AppError(
      409,
      t(/*i18n*/ { id: 'account.refused.exists', message: 'an account with this email already exists, please log in' }),
    );
  await ctx.db.insertInto('wallets').values({ user_id: user.id, created_at: now }).execute();
  return user.id;
}

/** What a client says of itself: its kind (`web`) and the random id it keeps (services/devices.ts). */
export interface ClientDevice {
  device: string;
  deviceId?: string;
}

/**
 * Registration leaves the user signed in, to verify the e-mail next; the first code is sent when
 * /verify-email asks for it.
 */
export async function register(
  ctx: AppContext,
  account: NewAccount,
  client: ClientDevice,
): Promise<SignedIn & { language: Locale }> {
  const passwordHash = await hashPassword(account.password);
  const language = account.language ?? currentContext()?.locale ?? DEFAULT_LOCALE;
  try {
    return await inTransaction(ctx, async (tx) => {
      const userId = await createAccount(tx, { ...account, language }, passwordHash);
      await recordDevice(tx, userId, client.deviceId);
      return { userId, token: await createSession(tx, userId, client.device), language };
    });
  } catch (error) {
    if (error instanceof AppError && error.status === 409) await warnOwnerOfSignUp(ctx, account.email);
    throw error;
  }
}

/**
 * A sign-up with an address that has an account is refused (registering signs the new user in,
 * so it cannot pretend to succeed): the refusal tells whoever tried that the address is taken,
 * which the captcha and the per-address limit keep slow, and the owner is told, once a day at most.
 */
async function warnOwnerOfSignUp(ctx: AppContext, email: string): Promise<void> {
  const owner = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'language'])
    .where(hasEmail(email))
    .executeTakeFirst();
  if (!owner) return;
  await inTransaction(ctx, async (tx) => {
    // In the owner's language, not the stranger's who tried.
    if (await claimNotice(tx, owner.id, 'sign-up-attempt', DAY_MS))
      await queueMail(
        tx,
        inLocale(owner.language, () => signUpAttemptNotice(tx, owner.email)),
      );
  });
}

function signUpAttemptNotice(ctx: AppContext, to: string): MailMessage {
  const mail = {
    to,
    subject: t(
      /*i18n*/ { id: 'mail.signUpAttempt.subject', message: 'Someone tried to sign up with your e-mail address' },
    ),
    text: t(
      /*i18n*/ {
        id: 'mail.signUpAttempt.text',
        message:
          'Someone tried to create a Naira Wallet account with this e-mail address. You already have an ' +
          'account, so nothing was created and nothing changed.\n\n' +
          'If it was you, log in at {login}, or choose a new password at ' +
          '{forgot}. If it was not you, there is nothing to do: nobody can open a second ' +
          'account with your address, and your password and pin are untouched.',
      },
      { login: `${ctx.publicUrl}/login`, forgot: `${ctx.publicUrl}/forgot` },
    ),
  };
  return { kind: 'sign-up-attempt', mail };
}

export interface LoginCredentials extends LoginAttempt, ClientDevice {
  password: string;
}

/**
 * Checks a password under the login throttle (services/loginThrottle.ts): refused attempts cost
 * no argon2 hash, and an unknown e-mail costs the same one hash as a known one. `notify` gets
 * the owner's warning about a run of failures, to queue without holding the answer (a known
 * account's answer must not take longer). A login from a device the account has not used is
 * recorded with its cooling-off and the owner's notice, in one transaction.
 */
export async function login(
  ctx: AppContext,
  throttle: LoginThrottleDeps,
  credentials: LoginCredentials,
  notify: (mail: Mail) => void,
): Promise<SignedIn> {
  const admission = await admitLogin(ctx, throttle, credentials);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where(hasEmail(credentials.email))
    .executeTakeFirst();
  const valid = user
    ? await verifyPassword(user.password_hash, credentials.password)
    : await verifyPasswordOfNobody(credentials.password);
  if (!user || !valid) {
    const mail = user && failedLoginsMail(ctx, admission, user.email);
    if (mail) notify(mail);
    throw new AppError(401, t(INVALID_LOGIN));
  }
  await refuseLockedAccount(ctx, user.id);
  await loginSucceeded(ctx, admission);
  await inTransaction(ctx, async (tx) => {
    if ((await recordDevice(tx, user.id, credentials.deviceId)) !== 'new') return;
    // Someone who learnt the password gets little from it before the owner, e-mailed now, can act.
    await startCoolingOff(tx, user.id, 'new-device');
    await tellOwnerOfChange(tx, user.id, 'new-device');
  });
  return { userId: user.id, token: await createSession(ctx, user.id, credentials.device) };
}

/**
 * Locks the user's row until the transaction ends, so that checks and writes about one
 * account (code guesses, resends, pin setting) happen one request at a time.
 */
export async function lockAccount(ctx: AppContext, userId: bigint) {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at', 'pin_sealed', 'phone', 'phone_verified_at'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** First verification only: stamps the time and welcomes the user (so the bell is never empty for a new account). */
export async function markEmailVerified(ctx: AppContext, userId: bigint): Promise<void> {
  const verified = await ctx.db
    .updateTable('users')
    .set({ email_verified_at: ctx.clock.now() })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .returning('language')
    .executeTakeFirst();
  if (verified) {
    // A reset link can verify it, a request that names no account: the owner's language is read here.
    const welcome = inLocale(verified.language, () => ({
      title: t(/*i18n*/ { id: 'notice.welcome.title', message: 'Welcome to Naira Wallet' }),
      content: t(
        /*i18n*/ {
          id: 'notice.welcome',
          message:
            'Your e-mail address is verified. Set your transaction pin, fund your wallet by bank transfer, then pay for airtime, data, electricity, cable TV, betting and exam pins in one place.',
        },
      ),
    }));
    await addNotification(ctx, userId, welcome);
  }
}
