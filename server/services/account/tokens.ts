import { createHmac, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and reset links. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Secrets are stored as HMAC-SHA-256 under TOKEN_KEY, not as plain SHA-256: a leaked table
 * then neither reveals a 4-digit e-mail code (10,000 plain hashes are a lookup table) nor
 * lets someone with write access plant a hash of a token they chose.
 */
export type TokenHasher = (secret: string) => Buffer;

export function createTokenHasher(key: Buffer): TokenHasher {
  return (secret) => createHmac('sha256', key).update(secret, 'utf8').digest();
}
