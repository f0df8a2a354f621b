import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey, PasskeyCeremony } from '../../../core/passkeys';
import type { RelyingParty } from '../../config';
import type { PasskeyChallenges } from '../../db/generated';
import { AppError } from '../../errors';
import type { AppContext } from '../context';
import { newToken } from './tokens';

/**
 * The WebAuthn ceremonies, for customers (passkeys.ts) and staff (console/services/staffPasskeys.ts),
 * through @simplewebauthn/server: it checks the client data (type, challenge, origin), the relying
 * party's hash, the user-presence and user-verification flags, the signature and the counter; we
 * parse nothing of an attestation or an assertion ourselves.
 *
 * Each ceremony's challenge is stored under a ceremony token handed to the client that asked, for
 * CEREMONY_TTL_MS, bound to the ceremony and to the session that asked (or to nobody, for a
 * customer's sign-in). Verifying deletes the row first, so a challenge is used once whatever the
 * answer: a response sent again finds nothing to be checked against.
 */
export type Ceremony = PasskeyChallenges['ceremony'];

/** Long enough to find the phone and unlock it; short, so a stolen challenge is soon worthless. */
export const CEREMONY_TTL_MS = 3 * 60_000;

export const PASSKEY_REFUSED = 'this passkey could not be checked: try again, or use your password or pin';
export const CEREMONY_ENDED = 'this passkey request has ended: please try again';

/** Why a passkey was refused, as logged and audited (never shown: the answer is PASSKEY_REFUSED). */
export type PasskeyRefusalReason = 'ceremony' | 'unknown-credential' | 'not-verified' | 'counter-went-back';

/** A passkey refused after its ceremony was taken (spent): the reason is for the log, not the client. */
export class PasskeyRefused extends AppError {
  constructor(
    readonly reason: PasskeyRefusalReason,
    readonly passkeyId: bigint | null = null,
  ) {
    super(reason === 'ceremony' ? 400 : 403, reason === 'ceremony' ? CEREMONY_ENDED : PASSKEY_REFUSED);
  }
}

/** A stored credential, as either table keeps it. */
export interface StoredPasskey {
  id: bigint;
  credential_id: string;
  public_key: Uint8Array;
  counter: bigint;
  transports: string[];
}

/** A stored passkey as its owner's list shows it: never its key or its counter. */
export function listedPasskey(
  row: Pick<StoredPasskey, 'id' | 'credential_id'> & {
    name: string;
    created_at: Date;
    last_used_at: Date | null;
    backed_up: boolean;
  },
): Passkey {
  return {
    id: Number(row.id),
    name: row.name,
    credential_id: row.credential_id,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    backed_up: row.backed_up,
  };
}

/** What a client sends back to finish a ceremony. */
export interface CeremonyAnswer<R> {
  ceremony: string;
  response: R;
}

/** Stores a new ceremony's challenge and answers the token the client sends back with its response. */
async function openCeremony(ctx: AppContext, ceremony: Ceremony, boundTo: string, challenge: string) {
  const token = newToken();
  const now = ctx.clock.now();
  // Ceremonies never finished go as new ones come: the table holds live challenges only.
  await ctx.db.deleteFrom('passkey_challenges').where('expires_at', '<=', now).execute();
  await ctx.db
    .insertInto('passkey_challenges')
    .values({
      token_hash: ctx.hashToken(`ceremony:${token}`),
      ceremony,
      bound_to: boundTo,
      challenge,
      expires_at: new Date(now.getTime() + CEREMONY_TTL_MS),
    })
    .execute();
  return token;
}

/**
 * The challenge of a live ceremony of this kind and session, deleted as it is read (single use);
 * refused (400) when there is none: unknown, used, expired, another ceremony's or another session's.
 */
export async function takeChallenge(
  ctx: AppContext,
  token: string,
  ceremony: Ceremony,
  boundTo: string,
): Promise<string> {
  const taken = await ctx.db
    .deleteFrom('passkey_challenges')
    .where('token_hash', '=', ctx.hashToken(`ceremony:${token}`))
    .returning(['ceremony', 'bound_to', 'challenge', 'expires_at'])
    .executeTakeFirst();
  if (!taken || taken.ceremony !== ceremony || taken.bound_to !== boundTo) throw new PasskeyRefused('ceremony');
  if (taken.expires_at <= ctx.clock.now()) throw new PasskeyRefused('ceremony');
  return taken.challenge;
}

/** WebAuthn's options, as the contract carries them (JSON the browser's library reads). */
const asJson = (options: object) => options as Record<string, unknown>;

const transportsOf = (passkey: Pick<StoredPasskey, 'transports'>) => passkey.transports as AuthenticatorTransport[];

/**
 * Options to make a new passkey for `user`: resident (a passkey the phone lists by itself, so
 * sign-in needs no e-mail), verified by the screen lock, none of `existing` made again.
 */
export async function registrationCeremony(
  ctx: AppContext,
  rp: RelyingParty,
  ceremony: Ceremony,
  boundTo: string,
  user: { handle: Uint8Array; name: string; displayName: string },
  existing: readonly StoredPasskey[],
): Promise<PasskeyCeremony> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.name,
    userID: new Uint8Array(user.handle),
    userDisplayName: user.displayName,
    timeout: CEREMONY_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { ceremony: await openCeremony(ctx, ceremony, boundTo, options.challenge), options: asJson(options) };
}

/** Options to use a passkey: any the phone holds for this site (`allowed` empty), or one of `allowed`. */
export async function authenticationCeremony(
  ctx: AppContext,
  rp: RelyingParty,
  ceremony: Ceremony,
  boundTo: string,
  allowed: readonly StoredPasskey[],
): Promise<PasskeyCeremony> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: CEREMONY_TTL_MS,
    userVerification: 'required',
    allowCredentials: allowed.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
  });
  return { ceremony: await openCeremony(ctx, ceremony, boundTo, options.challenge), options: asJson(options) };
}

/** A new credential, checked: what to store of it. */
export interface MadePasskey {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  backedUp: boolean;
}

/** Checks a registration against the challenge taken for it; refused (403) when anything does not match. */
export async function verifyRegistration(
  rp: RelyingParty,
  challenge: string,
  response: RegistrationResponseJSON,
): Promise<MadePasskey> {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw new PasskeyRefused('not-verified');
  const { credential, credentialBackedUp } = verification.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    backedUp: credentialBackedUp,
  };
}

/**
 * Checks an assertion by `stored` against the challenge taken for it, with the screen lock
 * (user verification) required. A counter at or below the stored one (unless both are zero) is a
 * copy of the key used elsewhere: refused as `counter-went-back`. Answers the new counter.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  stored: StoredPasskey,
): Promise<number> {
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: stored.credential_id,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.counter),
        transports: transportsOf(stored),
      },
    });
  } catch (error) {
    // The library's words for a counter that did not go up; every other refusal is "not verified".
    const backwards = error instanceof Error && /counter value \d+ was lower than expected/i.test(error.message);
    throw new PasskeyRefused(backwards ? 'counter-went-back' : 'not-verified', stored.id);
  }
  if (!verification.verified) throw new PasskeyRefused('not-verified', stored.id);
  return verification.authenticationInfo.newCounter;
}

/**
 * Records a use's counter, only if no other use recorded one at or above it meanwhile (two
 * requests carrying copies of one response): false when another did, and the use is refused.
 */
export async function advanceCounter(
  ctx: AppContext,
  table: 'passkeys' | 'staff_passkeys',
  stored: StoredPasskey,
  counter: number,
): Promise<void> {
  const next = BigInt(counter);
  const updated = await ctx.db
    .updateTable(table)
    .set({ counter: next, last_used_at: ctx.clock.now() })
    .where('id', '=', stored.id)
    .where((eb) => (next === 0n ? eb('counter', '=', 0n) : eb('counter', '<', next)))
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw new PasskeyRefused('counter-went-back', stored.id);
}
