/**
 * What the Stately inspector may be shown: every inspection event goes through
 * `maskInspection` before it leaves the page, so no pin, OTP, password, BVN, NIN (nor the date of
 * birth that proves one) or token reaches
 * it, wherever it sits: a context, an event (typed values included), an actor's input, output or
 * error. The rules decide by what a value is, in this order:
 *
 * 1. An event (any object with a string `type`) whose type names a secret (`pin.accepted`,
 *    `resetPin.password`, `xstate.done.actor.captcha`, `clipboard.copy`) carries the secret bare:
 *    its bare payload values (strings, numbers, boxes) are concealed; a structured payload (an
 *    answer's envelope) goes on to the rules below. One whose `field` names a secret
 *    (`login.change` with `field: 'password'`, `profile.change` with `field: 'bvn'`) conceals its
 *    other fields (`value`) the same way.
 * 2. A transaction's `display_value` is concealed when its `display_name` names a secret (a bought
 *    electricity token, an exam pin).
 * 3. A key that names a secret (`password`, `old_pin`, `captchaToken`, `bvn`, `code`) conceals its
 *    value, unless the words after the secret make it a fact about the secret (`pin_attempts`,
 *    `pin_locked`, `pinDialog`). The pin field's marker `'set'` (never the pin: core/contract.ts)
 *    stays readable, and so do empty values: nothing typed is nothing to hide.
 * 4. By shape, anywhere: code boxes (an array of one-character strings: pin and OTP boxes);
 *    token-shaped runs inside any string (a JWT, or 32+ base64url characters with letters and
 *    digits, such as our session and reset tokens; a UUID, the idempotency key, is no secret);
 *    and, in prose, what follows a secret's name and a colon (a notification's 'Token : 3746-…').
 *
 * The placeholder keeps the shape readable: a concealed string (or number) is '•••' whatever its
 * length, a filled code box is '•' (an empty one stays ''), objects and arrays keep their keys and
 * lengths. Everything else, `remaining`, amounts, beneficiaries, account numbers, stays as it is.
 */

import type { createInspector } from '@statelyai/inspect';

type InspectorOptions = NonNullable<Parameters<typeof createInspector>[1]>;

export const CONCEALED = '•••';
const CONCEALED_BOX = '•';

/**
 * Words that name a secret, or something carrying one (a captcha's answer is a token; the clipboard
 * gets bought tokens and pins; a date of birth is what binds a BVN or NIN to its holder).
 */
const SECRET_WORDS = new Set([
  ...['pin', 'pins', 'otp', 'password', 'passwords', 'passcode', 'token', 'tokens', 'bvn', 'nin', 'birth'],
  ...['code', 'codes', 'secret', 'captcha', 'clipboard'],
]);

/** Words that, after a secret's, make the name a fact about the secret rather than the secret. */
const ABOUT_WORDS = new Set([
  'attempts',
  'locked',
  'dialog',
  'length',
  'count',
  'boxes',
  'required',
  'sent',
  'expires',
  'at',
  'marker',
]);

/** The pin field's marker (PinMarker in core/contract.ts): says a pin is set, never what it is. */
const PIN_MARKER = 'set';

const MAX_DEPTH = 12;

/** 'confirm_new_password' → confirm, new, password; 'xstate.done.actor.changePin' → …, change, pin. */
const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Whether a key, a field name or an event type names a secret (rule 3; rule 1 for types and fields). */
export function namesSecret(name: string): boolean {
  const words = wordsOf(name);
  const last = words.findLastIndex((word) => SECRET_WORDS.has(word));
  return last >= 0 && !words.slice(last + 1).some((word) => ABOUT_WORDS.has(word));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const TOKEN_RUN = /[A-Za-z0-9_-]{32,}/g;
const looksOpaque = (run: string) => /[0-9]/.test(run) && /[A-Za-z]/.test(run) && !UUID.test(run);

/**
 * A secret named in prose, as the server's notifications tell a purchase: 'Token : 3746-…', 'PIN: 4815…'.
 * A pin, token, code or OTP holds a digit; a word after the colon is prose ('wrong pins: please reset').
 */
const NAMED_IN_TEXT = /\b(pins?|tokens?|otp|codes?|passwords?)(\s*:\s*)([^\s,;()]+)/gi;
const namedSecret = (name: string, value: string) => /^passwords?$/i.test(name) || /\d/.test(value);

/**
 * A string with every token-shaped run and every secret it names concealed (rule 4): a reset link's
 * path keeps its shape, not its token.
 */
const maskText = (text: string): string =>
  text
    .replace(JWT, CONCEALED)
    .replace(TOKEN_RUN, (run) => (looksOpaque(run) ? CONCEALED : run))
    .replace(NAMED_IN_TEXT, (found: string, name: string, colon: string, value: string) =>
      namedSecret(name, value) ? `${name}${colon}${CONCEALED}` : found,
    );

/** Pin and OTP boxes: one character (or nothing) per box. */
const isCodeBoxes = (value: unknown[]): boolean =>
  value.length > 0 && value.every((box) => typeof box === 'string' && box.length <= 1);

/** A value that is the secret itself, not a structure holding one: a string, a number, code boxes. */
const isBare = (value: unknown) =>
  typeof value !== 'object' ||
  value === null ||
  (Array.isArray(value) && value.every((item) => typeof item !== 'object'));

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined;

/** Actors, snapshots and dates say themselves what they are in JSON (an actor: its id only). */
const hasToJSON = (value: object): value is { toJSON: () => unknown } =>
  typeof (value as { toJSON?: unknown }).toJSON === 'function';

/** A secret with its shape kept and its content gone. */
function conceal(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (isEmpty(value) || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    if (isCodeBoxes(value)) return value.map((box) => (box === '' ? '' : CONCEALED_BOX));
    return value.map((item) => conceal(item, depth + 1, seen));
  }
  if (typeof value === 'object') {
    const plain = toPlain(value, depth, seen);
    if (typeof plain !== 'object' || plain === null) return conceal(plain, depth, seen);
    return Object.fromEntries(Object.entries(plain).map(([key, item]) => [key, conceal(item, depth + 1, seen)]));
  }
  return CONCEALED;
}

/** An object as data: what its toJSON says (cycles and depth cut), an error by its name and message. */
function toPlain(value: object, depth: number, seen: WeakSet<object>): unknown {
  if (depth > MAX_DEPTH || seen.has(value)) return '[…]';
  if (hasToJSON(value)) return value.toJSON();
  if (value instanceof Error) return { ...value, name: value.name, message: value.message };
  return value;
}

function maskObject(value: Record<string, unknown>, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const type = typeof value.type === 'string' ? value.type : undefined;
  const field = typeof value.field === 'string' ? value.field : undefined;
  const carriesSecret = (type !== undefined && namesSecret(type)) || (field !== undefined && namesSecret(field));
  const labelledSecret = typeof value.display_name === 'string' && namesSecret(value.display_name);
  const masked: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if ((key === 'type' && type !== undefined) || (key === 'field' && field !== undefined)) masked[key] = item;
    else if ((carriesSecret && isBare(item)) || (key === 'display_value' && labelledSecret))
      masked[key] = conceal(item, depth + 1, seen);
    else if (namesSecret(key)) masked[key] = item === PIN_MARKER ? item : conceal(item, depth + 1, seen);
    else masked[key] = mask(item, depth + 1, seen);
  }
  return masked;
}

function mask(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return maskText(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  const plain = toPlain(value, depth, seen);
  if (plain !== value) return mask(plain, depth + 1, seen);
  seen.add(value);
  try {
    if (Array.isArray(value))
      return isCodeBoxes(value) ? conceal(value, depth, seen) : value.map((item) => mask(item, depth + 1, seen));
    return maskObject(value as Record<string, unknown>, depth, seen);
  } finally {
    seen.delete(value);
  }
}

/**
 * Any value as the inspector may see it: plain data (actors by their id, no functions, no
 * cycles), every secret concealed. Given a whole inspection event, of XState's or of the Stately
 * inspector's shape, it masks its event, its snapshot (context, input, output, error) and
 * anything else it holds. Idempotent: the inspector's adapter serialises an event again when
 * its window connects.
 */
export const maskSecrets = <T>(value: T): T => mask(value, 0, new WeakSet()) as T;

/**
 * The Stately inspector's options: its last hook, `serialize`, sees every inspection event whole
 * just before it is sent, so masking there leaves nothing unmasked (its `sanitizeContext` and
 * `sanitizeEvent` never see an actor's input or output).
 */
export const maskedInspectorOptions = { serialize: maskSecrets } satisfies InspectorOptions;
