import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/** OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 passes, 1 lane. */
const ARGON2ID: Algorithm.Argon2id = 2;
const OWASP: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only stops a request from buying a very long hash. */
export const PASSWORD_MAX_LENGTH = 128;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OWASP);
}

/** False for a wrong password and for a stored hash that cannot be read: both mean "no". */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of a real verification when no account matches, so a login's answer time
 * does not reveal whether an e-mail is registered.
 */
export async function verifyPasswordOfNobody(password: string): Promise<false> {
  decoyHash ??= hashPassword('decoy password that no account has');
  await verifyPassword(await decoyHash, password);
  return false;
}
