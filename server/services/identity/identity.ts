import { formatNaira, koboToNaira } from '../../../core/money';
import { normalisePhone } from '../../../core/phone';
import { identityMessages } from '../../../core/words/identity';
import { tierOf } from '../../../core/tiers';
import { AppError, must } from '../../errors';
import type { IdentityGateway, IdentityHolder, IdentityKind } from '../../gateways/identity';
import type { AppContext } from '../context';
import { admitIdentityCheck } from './identityChecks';
import { addNotification } from '../notifications/notifications';
import { t } from '../../i18n';
import { tierUpgradedTitle } from './tiers';

/**
 * BVN and NIN verification (CBN tiered KYC): a number is looked up with the identity provider,
 * its holder's name compared with the account's, and then a second proof the holder alone has
 * (a number and a name are written on bank forms and payslips; whoever knew both used to bind
 * someone else's identity, and the holder was then refused): the date of birth on the record must
 * be the one typed with the number, and one of the record's phones the account's. Only then is
 * it recorded — as when it was verified, its last four digits and a keyed hash (HMAC under
 * TOKEN_KEY) that lets one identity raise the limits of one account only. The number itself is
 * never stored, logged or sent back (BVN is confidential): it goes on to the bank partners in the
 * same request, in memory (services/enrolment.ts). The record's date of birth and phones are
 * compared and forgotten.
 *
 * The checks bind: lookups are limited per account and per number (identityChecks.ts), so dates
 * of birth cannot be tried; a refused proof records nothing, so whoever tried leaves the holder
 * free to verify; one message answers a wrong date and a wrong phone alike; "already linked to
 * another account" is answered only once the proof has passed, so it tells a stranger nothing;
 * and once a number is verified the name it matched is frozen (a change goes through support).
 * The account's phone is not confirmed by a code yet (no SMS channel): the date of birth with
 * the phone is the bar until it is.
 */

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

export const LABEL: Record<IdentityKind, string> = { bvn: 'BVN', nin: 'NIN' };

export const identityNotFound = (kind: IdentityKind) =>
  t(
    /*i18n*/ { id: 'identity.refused.notFound', message: 'we could not find this {kind}, please check the number' },
    {
      kind: LABEL[kind],
    },
  );
export const identityNameMismatch = (kind: IdentityKind) =>
  t(
    /*i18n*/ {
      id: 'identity.refused.name',
      message: 'the name on this {kind} does not match the name on your profile; correct your name and try again',
    },
    { kind: LABEL[kind] },
  );
/** Says nothing of which of the two failed: a guesser learns neither. */
export const identityProofMismatch = (kind: IdentityKind) =>
  t(
    /*i18n*/ {
      id: 'identity.refused.proof',
      message:
        "the date of birth and phone number on this {kind} do not match yours: check your date of birth, and that your profile's phone number is registered with it",
    },
    { kind: LABEL[kind] },
  );
export const identityTaken = (kind: IdentityKind) =>
  t(
    /*i18n*/ { id: 'identity.refused.taken', message: 'this {kind} is already linked to another account' },
    {
      kind: LABEL[kind],
    },
  );
export const identityAlreadyVerified = (kind: IdentityKind) =>
  t(
    /*i18n*/ {
      id: 'identity.refused.verified',
      message: 'your {kind} is already verified; contact support to change it',
    },
    { kind: LABEL[kind] },
  );

/** Lower-case words without accents or punctuation: "Ọlá-Adé  OKAFOR" → ["ola", "ade", "okafor"]. */
function words(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

type HolderNames = Pick<IdentityHolder, 'firstName' | 'middleName' | 'lastName'>;

/**
 * The account's name is the holder's when it holds the holder's last name and their first or
 * middle name, in any order: people write "Okafor Chioma" as often as "Chioma Okafor", and
 * leave middle names out.
 */
export function namesMatch(accountName: string, holder: HolderNames): boolean {
  const account = new Set(words(accountName));
  const has = (part: string) => words(part).length > 0 && words(part).every((word) => account.has(word));
  return has(holder.lastName) && (has(holder.firstName) || (holder.middleName !== '' && has(holder.middleName)));
}

/**
 * The second proof: the record's date of birth is the one typed, and one of its phones is the
 * account's (both read as 0XXXXXXXXXX). A record without a date of birth proves nothing.
 */
export function holderProven(record: IdentityHolder, account: { phone: string }, dateOfBirth: string): boolean {
  const phone = normalisePhone(account.phone);
  const phoneOnRecord = phone !== null && record.phones.some((candidate) => normalisePhone(candidate) === phone);
  return record.dateOfBirth !== '' && record.dateOfBirth === dateOfBirth && phoneOnRecord;
}

/** What a number is verified with, beside the account: the date of birth typed with it (YYYY-MM-DD). */
export interface IdentityClaim {
  kind: IdentityKind;
  /** 11 digits, in memory for this request only. */
  number: string;
  dateOfBirth: string;
}

export interface VerifiedIdentity {
  kind: IdentityKind;
  last4: string;
  hash: Buffer;
}

const keyedHash = (ctx: AppContext, kind: IdentityKind, number: string) => ctx.hashToken(`identity:${kind}:${number}`);

/** What recordIdentities keeps of a number verified elsewhere (the development demo account's public numbers). */
export const verifiedIdentityOf = (ctx: AppContext, kind: IdentityKind, number: string): VerifiedIdentity => ({
  kind,
  last4: number.slice(-4),
  hash: keyedHash(ctx, kind, number),
});

/**
 * Looks the number up and checks it belongs to the account's holder (`account`'s name, its phone
 * and the date of birth claimed) and to no other account; answers what may be recorded, or null
 * when this very number is on file already. Throws 409 when the user's number of this kind is
 * verified already (another number) or another account holds this one — the latter only after
 * the proof has passed —, 422 when the provider has no such number, another name, or a date of
 * birth or phones that are not the account's, 429 past the day's lookups, 502 when the provider
 * cannot be reached. Writes nothing but the lookup's count: recordIdentities records, in the
 * caller's transaction.
 */
export async function verifyIdentity(
  ctx: AppContext,
  gateway: IdentityGateway,
  userId: bigint,
  account: { name: string; phone: string },
  { kind, number, dateOfBirth }: IdentityClaim,
): Promise<VerifiedIdentity | null> {
  const hash = keyedHash(ctx, kind, number);
  if (await onFile(ctx, userId, kind, hash)) return null;
  await admitIdentityCheck(ctx, userId, hash);
  const found = await gateway.lookUp({ kind, number, name: account.name, phone: account.phone });
  if (!found) throw new AppError(422, identityNotFound(kind));
  if (!namesMatch(account.name, found)) throw new AppError(422, identityNameMismatch(kind));
  if (!holderProven(found, account, dateOfBirth)) throw new AppError(422, identityProofMismatch(kind));
  const holder = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(hashColumn(kind), '=', hash)
    .where('id', '<>', userId)
    .executeTakeFirst();
  if (holder) throw new AppError(409, identityTaken(kind));
  return { kind, last4: number.slice(-4), hash };
}

const hashColumn = (kind: IdentityKind) => (kind === 'bvn' ? 'bvn_hash' : 'nin_hash');
const verifiedColumn = (kind: IdentityKind) => (kind === 'bvn' ? 'bvn_verified_at' : 'nin_verified_at');

const VERIFIED_HAS_HASH = 'a verified number has its keyed hash (users_bvn_verified, users_nin_verified)';

/**
 * Whether this very number is the user's verified one (true), or none of this kind is verified
 * (false); another number of a kind already verified is 409: support changes a verified identity.
 */
async function onFile(ctx: AppContext, userId: bigint, kind: IdentityKind, hash: Buffer): Promise<boolean> {
  const own = await ctx.db
    .selectFrom('users')
    .select([verifiedColumn(kind), hashColumn(kind)])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (own[verifiedColumn(kind)] === null) return false;
  if (Buffer.from(must(own[hashColumn(kind)], VERIFIED_HAS_HASH)).equals(hash)) return true;
  throw new AppError(409, identityAlreadyVerified(kind));
}

/**
 * A number typed again by a user who verified it before (so that a partner that could not be
 * reached then gets it now): checked against its keyed hash only, with no lookup. Throws 409
 * for a number that is not the verified one, 422 when none of this kind is verified.
 */
export async function confirmOwnIdentity(
  ctx: AppContext,
  userId: bigint,
  kind: IdentityKind,
  number: string,
): Promise<void> {
  const hash = keyedHash(ctx, kind, number);
  const own = await ctx.db
    .selectFrom('users')
    .select([verifiedColumn(kind), hashColumn(kind)])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (own[verifiedColumn(kind)] === null)
    throw new AppError(
      422,
      t(
        /*i18n*/ { id: 'identity.refused.notVerified', message: 'your {kind} is not verified yet' },
        { kind: LABEL[kind] },
      ),
    );
  if (!Buffer.from(must(own[hashColumn(kind)], VERIFIED_HAS_HASH)).equals(hash)) {
    throw new AppError(409, t(identityMessages.notTheVerifiedNumber, { kind: LABEL[kind] }));
  }
}

/** Whether the user has verified a BVN or a NIN (what funding requires). */
export async function hasVerifiedIdentity(ctx: AppContext, userId: bigint): Promise<{ bvn: boolean; nin: boolean }> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['bvn_verified_at', 'nin_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { bvn: user.bvn_verified_at !== null, nin: user.nin_verified_at !== null };
}

/** Lower-case words of a name, in order: what "the same name" compares. */
export const sameName = (a: string, b: string) => words(a).join(' ') === words(b).join(' ');

/**
 * Records verified numbers (from verifyIdentity) and tells the user their new tier. Runs in the
 * caller's transaction; a number another account recorded meanwhile trips the UNIQUE hash and
 * is answered 409.
 */
export async function recordIdentities(tx: AppContext, userId: bigint, verified: VerifiedIdentity[]): Promise<void> {
  if (verified.length === 0) return;
  const before = await tx.db
    .selectFrom('users')
    .select(['bvn_verified_at', 'nin_verified_at', 'address_verified_at'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const now = tx.clock.now();
  for (const identity of verified) {
    const columns =
      identity.kind === 'bvn'
        ? { bvn_verified_at: now, bvn_last4: identity.last4, bvn_hash: identity.hash }
        : { nin_verified_at: now, nin_last4: identity.last4, nin_hash: identity.hash };
    try {
      await tx.db.updateTable('users').set(columns).where('id', '=', userId).execute();
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AppError(409, identityTaken(identity.kind));
      throw error;
    }
  }
  const addressVerified = before.address_verified_at !== null;
  const was = tierOf({ bvn: before.bvn_verified_at !== null, nin: before.nin_verified_at !== null, addressVerified });
  const after = tierOf({
    bvn: before.bvn_verified_at !== null || verified.some((identity) => identity.kind === 'bvn'),
    nin: before.nin_verified_at !== null || verified.some((identity) => identity.kind === 'nin'),
    addressVerified,
  });
  if (after.tier > was.tier) {
    // The owner's own request: it speaks their language.
    const [first, second] = verified.map((identity) => LABEL[identity.kind]);
    const values = { first, second: second ?? '', limit: naira(after.dailyLimitKobo) };
    const capped = after.balanceCapKobo !== null;
    const cap = capped ? naira(after.balanceCapKobo ?? 0n) : '';
    const content =
      second === undefined
        ? capped
          ? t(
              /*i18n*/ {
                id: 'notice.tierUp.oneCap',
                message: 'Your {first} is verified: you can now spend up to {limit} a day and hold up to {cap}.',
              },
              { ...values, cap },
            )
          : t(
              /*i18n*/ {
                id: 'notice.tierUp.one',
                message: 'Your {first} is verified: you can now spend up to {limit} a day with no cap on your balance.',
              },
              values,
            )
        : capped
          ? t(
              /*i18n*/ {
                id: 'notice.tierUp.twoCap',
                message:
                  'Your {first} and {second} are verified: you can now spend up to {limit} a day and hold up to {cap}.',
              },
              { ...values, cap },
            )
          : t(
              /*i18n*/ {
                id: 'notice.tierUp.two',
                message:
                  'Your {first} and {second} are verified: you can now spend up to {limit} a day with no cap on your balance.',
              },
              values,
            );
    const funding = was.canFund
      ? ''
      : ` ${t(/*i18n*/ { id: 'notice.tierUp.canFund', message: 'Your wallet can now be funded.' })}`;
    await addNotification(tx, userId, { title: tierUpgradedTitle(after.tier), content: `${content}${funding}` });
  }
}

/** A verified number as the user may see it: its last four digits behind a mask; '' when none is verified. */
export const maskedIdentity = (last4: string | null) => (last4 === null ? '' : `${'•'.repeat(7)}${last4}`);
