import { formatNaira, koboToNaira } from '../../core/money';
import { tierOf } from '../../core/tiers';
import { AppError } from '../errors';
import type { IdentityGateway, IdentityHolder, IdentityKind } from '../gateways/identity';
import type { AppContext } from './context';
import { addNotification } from './notifications';

/**
 * BVN and NIN verification (issue 12, CBN tiered KYC): a number is looked up with the identity
 * provider, its holder's name compared with the account's, and only then recorded — as when it
 * was verified, its last four digits and a keyed hash (HMAC under TOKEN_KEY) that lets one
 * identity raise the limits of one account only. The number itself is never stored, logged or
 * sent back (security.md; reference/domain.md: BVN is confidential).
 */

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

const LABEL: Record<IdentityKind, string> = { bvn: 'BVN', nin: 'NIN' };

export const identityNotFound = (kind: IdentityKind) => `we could not find this ${LABEL[kind]}, please check the number`;
export const identityNameMismatch = (kind: IdentityKind) =>
  `the name on this ${LABEL[kind]} does not match the name on your profile; correct your name and try again`;
export const identityTaken = (kind: IdentityKind) => `this ${LABEL[kind]} is already linked to another account`;
export const identityAlreadyVerified = (kind: IdentityKind) => `your ${LABEL[kind]} is already verified; contact support to change it`;

/** Lower-case words without accents or punctuation: "Ọlá-Adé  OKAFOR" → ["ola", "ade", "okafor"]. */
function words(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

/**
 * The account's name is the holder's when it holds the holder's last name and their first or
 * middle name, in any order: people write "Okafor Chioma" as often as "Chioma Okafor", and
 * leave middle names out.
 */
export function namesMatch(accountName: string, holder: IdentityHolder): boolean {
  const account = new Set(words(accountName));
  const has = (part: string) => words(part).length > 0 && words(part).every((word) => account.has(word));
  return has(holder.lastName) && (has(holder.firstName) || (holder.middleName !== '' && has(holder.middleName)));
}

export interface VerifiedIdentity {
  kind: IdentityKind;
  last4: string;
  hash: Buffer;
}

const keyedHash = (ctx: AppContext, kind: IdentityKind, number: string) => ctx.hashToken(`identity:${kind}:${number}`);

/**
 * Looks the number up and checks it belongs to `accountName` and to no other account; answers
 * what may be recorded, or null when this very number is on file already. Throws 409 when the user's number of this kind is verified already or
 * another account holds this one, 422 when the provider has no such number or another name,
 * 502 when the provider cannot be reached. Writes nothing: recordIdentities does, in the
 * caller's transaction.
 */
export async function verifyIdentity(
  ctx: AppContext,
  gateway: IdentityGateway,
  userId: bigint,
  accountName: string,
  kind: IdentityKind,
  number: string,
): Promise<VerifiedIdentity | null> {
  const hash = keyedHash(ctx, kind, number);
  const hashColumn = kind === 'bvn' ? 'bvn_hash' : 'nin_hash';
  const verifiedColumn = kind === 'bvn' ? 'bvn_verified_at' : 'nin_verified_at';
  const own = await ctx.db.selectFrom('users').select([verifiedColumn, hashColumn]).where('id', '=', userId).executeTakeFirstOrThrow();
  if (own[verifiedColumn] !== null) {
    // The same number again (a form sent twice) is already on file; another one is a change support must make.
    if (Buffer.from(own[hashColumn]!).equals(hash)) return null;
    throw new AppError(409, identityAlreadyVerified(kind));
  }
  const holder = await ctx.db.selectFrom('users').select('id').where(hashColumn, '=', hash).executeTakeFirst();
  if (holder) throw new AppError(409, identityTaken(kind));
  const found = await gateway.lookUp({ kind, number, name: accountName });
  if (!found) throw new AppError(422, identityNotFound(kind));
  if (!namesMatch(accountName, found)) throw new AppError(422, identityNameMismatch(kind));
  return { kind, last4: number.slice(-4), hash };
}

/**
 * Records verified numbers (from verifyIdentity) and tells the user their new tier. Runs in the
 * caller's transaction; a number another account recorded meanwhile trips the UNIQUE hash and
 * is answered 409.
 */
export async function recordIdentities(tx: AppContext, userId: bigint, verified: VerifiedIdentity[]): Promise<void> {
  if (verified.length === 0) return;
  const before = await tx.db.selectFrom('users').select(['bvn_verified_at', 'nin_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow();
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
  const was = tierOf({ bvn: before.bvn_verified_at !== null, nin: before.nin_verified_at !== null });
  const after = tierOf({
    bvn: before.bvn_verified_at !== null || verified.some((identity) => identity.kind === 'bvn'),
    nin: before.nin_verified_at !== null || verified.some((identity) => identity.kind === 'nin'),
  });
  if (after.tier > was.tier) {
    const cap = after.balanceCapKobo === null ? 'with no cap on your balance' : `and hold up to ${naira(after.balanceCapKobo)}`;
    await addNotification(tx, userId, {
      title: `Upgraded to tier ${after.tier}`,
      content: `Your ${verified.map((identity) => LABEL[identity.kind]).join(' and ')} ${verified.length > 1 ? 'are' : 'is'} verified: you can now spend up to ${naira(after.dailyLimitKobo)} a day ${cap}.`,
    });
  }
}

/** A verified number as the user may see it: its last four digits behind a mask; '' when none is verified. */
export const maskedIdentity = (last4: string | null) => (last4 === null ? '' : `${'•'.repeat(7)}${last4}`);
