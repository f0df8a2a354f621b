/**
 * Passkeys in the contract (customers' `/api/passkeys/*` and the console's `/ops/api/passkeys/*`):
 * a passkey as listed, the start of a ceremony, and what the client sends back. The options and the
 * responses are WebAuthn's own JSON (PublicKeyCredentialCreationOptionsJSON and its kin), which the
 * libraries on both sides read and write; the contract only carries them.
 */
import { z } from 'zod';

/** A name the owner gives a passkey ("Ada's phone"). */
export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Passkeys one account may hold: a phone or two, a laptop, a spare. */
export const MAX_PASSKEYS = 10;

const instant = z.iso.datetime({ offset: true });

/** One of the account's passkeys, as /profile lists it. */
export const Passkey = z
  .strictObject({
    id: z.number().int(),
    name: z.string(),
    /** The authenticator's id of it: the app remembers which ones this device holds. */
    credential_id: z.string(),
    created_at: instant,
    last_used_at: instant.nullable(),
    /** Synced to the owner's other devices by their phone's or browser's password manager. */
    backed_up: z.boolean(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof Passkey>;

/**
 * The start of a ceremony: the token to send back with its response (good once, for a few
 * minutes, for this ceremony and this session only) and WebAuthn's options for the browser.
 */
export const PasskeyCeremony = z
  .strictObject({
    ceremony: z.string(),
    options: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'PasskeyCeremony' });
export type PasskeyCeremony = z.infer<typeof PasskeyCeremony>;

/** A ceremony's token, as the server handed it out. */
export const ceremonyToken = z
  .string({ error: 'the passkey request is incomplete: please try again' })
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'the passkey request is incomplete: please try again');

/**
 * What the browser answered (RegistrationResponseJSON or AuthenticationResponseJSON): its shape is
 * checked here, its content by the server's WebAuthn library.
 */
export const credentialResponse = z.looseObject(
  {
    id: z.string().min(1).max(1400),
    rawId: z.string().min(1).max(1400),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
    clientExtensionResults: z.record(z.string(), z.unknown()),
  },
  { error: 'the passkey answer is incomplete: please try again' },
);

/** A ceremony's token with the browser's response. */
export const PasskeyAnswer = z.strictObject(
  { ceremony: ceremonyToken, response: credentialResponse },
  { error: 'the passkey answer is incomplete: please try again' },
);
export type PasskeyAnswer = z.infer<typeof PasskeyAnswer>;
