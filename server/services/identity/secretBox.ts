import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets the server must read back (the transaction pin, NIN, BVN). The
 * context (e.g. "pin:42") is authenticated data: a sealed value copied to another user's row
 * or another column no longer opens. Format: "v1." + base64url(iv ‖ tag ‖ ciphertext); the
 * version leaves room for key rotation.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret box: the key must be 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(sealed, context) {
      if (!sealed.startsWith(VERSION)) throw new Error('secret box: unknown format');
      const bytes = Buffer.from(sealed.slice(VERSION.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
