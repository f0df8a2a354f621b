import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A platform authenticator in software, for the API tests: it makes ES256 passkeys and answers
 * registrations ("none" attestation) and assertions as WebAuthn Level 3 lays them out (authenticator
 * data, client data, a DER signature over both), so the server's library checks them exactly as it
 * checks a phone's. Each answer can be bent the ways an attacker would: another origin, another
 * challenge, a counter that went back, no user verification.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The flags byte of the authenticator data, as WebAuthn lays it out. */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  coseKey: Uint8Array;
  userHandle: string;
  counter: number;
}

export interface Bend {
  origin?: string;
  /** Sign this challenge instead of the options' own. */
  challenge?: string;
  /** The counter to report (the authenticator's next one otherwise). */
  counter?: number;
  userVerified?: boolean;
  rpId?: string;
  /** Registration: a passkey the phone syncs to its owner's other devices (backup eligible and backed up). */
  backedUp?: boolean;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), 'utf8');
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  constructor(readonly origin: string) {}

  /** Makes a passkey for the options (PublicKeyCredentialCreationOptionsJSON) and answers the registration. */
  register(options: Record<string, unknown>, bend: Bend = {}) {
    const { challenge, rp, user } = options as unknown as CreationOptions;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
    const flags = UP | AT | (bend.userVerified === false ? 0 : UV) | (bend.backedUp ? BE | BS : 0);
    const authData = authenticatorData(bend.rpId ?? rp.id ?? '', flags, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const passkey = { credentialId, privateKey, coseKey, userHandle: user.id, counter: 0 };
    this.passkeys.push(passkey);
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', bend.challenge ?? challenge, bend.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Answers an authentication (PublicKeyCredentialRequestOptionsJSON) with `passkey` (the newest by default). */
  assert(options: Record<string, unknown>, bend: Bend = {}, passkey = this.passkeys.at(-1)) {
    if (!passkey) throw new Error('this authenticator holds no passkey yet');
    const { challenge, rpId } = options as unknown as RequestOptions;
    passkey.counter = bend.counter ?? passkey.counter + 1;
    const flags = UP | (bend.userVerified === false ? 0 : UV);
    const authData = authenticatorData(bend.rpId ?? rpId ?? '', flags, passkey.counter);
    const data = clientData('webauthn.get', bend.challenge ?? challenge, bend.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
    return {
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
