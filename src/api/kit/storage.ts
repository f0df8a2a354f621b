// The session's user is the domain's (src/domain/account/user.ts): the caller names its fields, so this
// layer knows only the `user_<field>` keys (one per user field) and imports nothing above it.
const PREFIX = 'user_';

/** Browser storage, when there is one (tests in Node have none and get the empty user). */
export function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * A field as its key holds it: the plain value, readable by an app embedding
 * this one without decoding anything — text as it is, a number's digits, tenant `0`, an empty
 * string for a missing value — and JSON only for a list or a record (the accounts).
 */
function toStored(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The JSON value of `raw`, or undefined when it is not JSON. */
function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/**
 * A stored value read back, the field's empty value telling its kind: a list or record is
 * JSON, anything else text (the domain turns a balance's digits back into a number). Earlier
 * builds stored every field as JSON: a quoted text (`"Ada"`) or `null` still reads as the value.
 */
function fromStored(raw: string, empty: unknown): unknown {
  if (typeof empty === 'object' && empty !== null) {
    const value = parsed(raw);
    return typeof value === 'object' && value !== null ? value : empty;
  }
  if (raw === 'null') return '';
  if (raw.startsWith('"')) {
    const value = parsed(raw);
    if (typeof value === 'string') return value;
  }
  return raw;
}

/** Reads each field's `user_<field>` key over `empty`; a missing key keeps the empty value. */
export function loadUser<User extends object>(empty: User, fields: readonly (keyof User & string)[]): User {
  const storage = store();
  const user = { ...empty } as Record<string, unknown>;
  if (!storage) return user as User;
  for (const field of fields) {
    const raw = storage.getItem(PREFIX + field);
    if (raw !== null) user[field] = fromStored(raw, empty[field]);
  }
  return user as User;
}

/**
 * Writes each field under its own key, as a plain value an embedding app can read. A key that
 * already holds the value is left alone: each poll's answer is saved, mostly unchanged, and a
 * write is work on the page's main thread (and a message to the browser) where a read is not.
 */
export function saveUser<User extends object>(user: User, fields: readonly (keyof User & string)[]): void {
  const storage = store();
  if (!storage) return;
  for (const field of fields) {
    const value = toStored(user[field]);
    if (storage.getItem(PREFIX + field) !== value) storage.setItem(PREFIX + field, value);
  }
}

export const readToken = (): string => {
  const raw = store()?.getItem(PREFIX + 'token');
  return raw ? String(fromStored(raw, '')) : '';
};

/**
 * The random id this browser keeps for itself, sent with register and login so that the server
 * can tell a device an account has not used before (and e-mail its owner). Stored apart from the
 * user_ fields, so a logout keeps it: it identifies the device, not the person.
 */
const DEVICE_KEY = 'device_id';

export function deviceId(): string | undefined {
  const storage = store();
  if (!storage || typeof crypto === 'undefined') return undefined;
  let id = storage.getItem(DEVICE_KEY);
  if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
    // getRandomValues, unlike randomUUID, exists on plain-http pages too (a phone on a LAN address).
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
    storage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/**
 * The dashboard asks for the phone once per account on this browser: "Not now" is remembered
 * under a key of its own, apart from the user_ fields, so a logout keeps it.
 */
const phonePromptKey = (email: string) => `phone_prompt_dismissed:${email.trim().toLowerCase()}`;

export const phonePromptDismissed = (email: string): boolean => store()?.getItem(phonePromptKey(email)) === '1';

export function dismissPhonePrompt(email: string): void {
  store()?.setItem(phonePromptKey(email), '1');
}
