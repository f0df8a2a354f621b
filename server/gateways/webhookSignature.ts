import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC-SHA512 webhook signatures, as Paystack (`x-paystack-signature`) and Monnify
 * (`monnify-signature`) send them: the hex digest of the raw request body keyed with a shared
 * secret. Verification works on the exact bytes received: parsing and re-serialising the JSON
 * first would accept a body the partner never signed (and refuse one it did).
 */
export function signHmacSha512(secret: string, body: Buffer | string): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

const HEX_SHA512 = /^[0-9a-f]{128}$/i;

/** Constant-time comparison of the digests' bytes; false for a missing, repeated or malformed header. */
export function verifyHmacSha512(secret: string, body: Buffer, signature: string | string[] | undefined): boolean {
  if (typeof signature !== 'string' || !HEX_SHA512.test(signature)) return false;
  const expected = createHmac('sha512', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
