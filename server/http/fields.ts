import { z } from 'zod';
import { isDateOfBirth } from '../../core/days';
import { LOCALES } from '../../core/i18n/locales';
import { DEVICE, ID_NUMBER_MAX_LENGTH, PIN_LENGTH } from '../../core/limits';
import { identityMessages } from '../../core/words/identity';
import { formatNaira, koboToNaira, nairaToKobo } from '../../core/money';
import { normalisePhone, PHONE_INVALID } from '../../core/phone';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../services/account/passwords';
import type { Words } from '../../core/i18n/words';
import { t } from '../i18n';

/**
 * Request fields shared by several calls. Every rule carries the message the user sees; a
 * route calls `schema.parse(request.body)` and the error handler answers the first broken rule
 * with 422. Unknown fields are ignored.
 */

const BODY_NOT_OBJECT = 'the request body must be a JSON object';

/** A JSON object body; anything else (array, string, null, no body) is refused with one clear message. */
export const requestBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, { error: BODY_NOT_OBJECT });

/**
 * A rule's message: the product's words (core/messages.ts), said in the request's language when a
 * request breaks it; or text.
 */
export type Said = string | Words;

const say = (message: Said): string => (typeof message === 'string' ? message : t(message));

/** A rule's message as zod takes it, said when the rule is broken (a schema is built once, at start). */
export const saying = (message: Said) => ({ error: () => say(message) });

/** Absent, null or blank text: a field the user left empty. */
const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A form whose `required` fields are checked for presence first, all of them, with one message
 * ("all fields are required"); only then each field of `shape`, in its order. The presence check
 * is a transform, so the form is described by `shape` (a pipe is described by its first stage,
 * unless that is a transform): the document names every field the form takes.
 */
export const filledFirst = <Shape extends z.ZodRawShape>(
  required: readonly (keyof Shape & string)[],
  message: Said,
  shape: Shape,
) =>
  z
    .transform((body: unknown, context) => {
      const form = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
      if (form && !Array.isArray(form) && required.some((field) => blank(form[field]))) {
        context.addIssue({ code: 'custom', message: say(message) });
        return z.NEVER;
      }
      return body;
    })
    .pipe(requestBody(shape));

/** A text field: `required` when absent, null or blank; a clear message for any other type. */
export const text = (field: string, required: Said) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? say(required) : `${field} must be text`),
  });

/** PostgreSQL refuses NUL in text, and no name or address needs control characters. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

export const requiredText = (field: string, required: Said, maxLength: number) =>
  text(field, required)
    .trim()
    .min(1, saying(required))
    .max(maxLength, `${field} must be at most ${maxLength} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${field} must not contain control characters`);

export const email = (required: Said) =>
  requiredText('email', required, 254).toLowerCase().pipe(z.email('please enter a valid email address'));

/** A Nigerian mobile number, in any form core/phone.ts reads, stored as 0XXXXXXXXXX. */
export const phone = (required: Said) =>
  requiredText('phone', required, 20).transform((value, context) => {
    const local = normalisePhone(value);
    if (local === null) {
      context.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return local;
  });

/** Passwords are taken exactly as typed: no trimming. */
export const password = (field: string, required: Said) =>
  text(field, required)
    .min(1, saying(required))
    .min(PASSWORD_MIN_LENGTH, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const pin = (field: string, required: Said) =>
  text(field, required)
    .min(1, saying(required))
    .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), `${field} must be exactly ${PIN_LENGTH} digits`);

/** Sent by the SPA as 'web'; a client that leaves it out is not the user's fault. */
export const device = requiredText('device', 'device must not be empty', 64).default(DEVICE);

/** The random id a browser keeps for itself (services/devices.ts); anything not shaped like one is no id. */
export const deviceId = z
  .unknown()
  .transform((value) => (typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : undefined))
  .optional();

/** The bot-check token; a missing one fails the check rather than the form. */
export const captchaToken = z.string({ error: 'token must be text' }).max(4096, 'token is too long').default('');

/**
 * A database id: a positive whole number, or its digits as text, no larger than `max`; at most 15
 * digits keeps it an exact JS number.
 */
export const positiveId = (field: string, max: number = Number.MAX_SAFE_INTEGER) => {
  const invalid = `${field} must be a positive whole number`;
  return z
    .union(
      [
        z.number().int(invalid).positive(invalid).max(Number.MAX_SAFE_INTEGER, invalid),
        z
          .string()
          .regex(/^[1-9]\d{0,14}$/, invalid)
          .transform(Number),
      ],
      { error: (issue) => (issue.input === undefined || issue.input === null ? `${field} is required` : invalid) },
    )
    .refine((id) => id <= max, invalid);
};

/**
 * The id of a provider or a package: their tables count in PostgreSQL's INTEGER, and a larger id
 * would fail in the database (a 500), not be refused (a 422).
 */
export const catalogId = (field: string) => positiveId(field, 2_147_483_647);

/** A whole number in [min, max], as a number or its digits; `fallback` when absent or null. */
export const wholeNumber = (field: string, min: number, max: number, fallback: number) => {
  const invalid = min === max ? `${field} must be ${min}` : `${field} must be a whole number from ${min} to ${max}`;
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,9}$/, invalid)
          .transform(Number),
      ],
      { error: invalid },
    )
    .nullish()
    .transform((value, context) => {
      const number = value ?? fallback;
      if (!Number.isInteger(number) || number < min || number > max) {
        context.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return number;
    });
};

/**
 * A naira amount (the wire speaks naira): a JSON number or numeric text with at most two decimals,
 * to kobo exactly. Positive, and at most `maxKobo`.
 */
export const nairaAmount = (field: string, required: string, maxKobo: bigint) =>
  z.unknown().transform((value, context) => {
    if (blank(value)) {
      context.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const kobo = nairaToKobo(value);
    if (kobo === null && (typeof value === 'number' || typeof value === 'string') && Number(value) < 0)
      context.addIssue({ code: 'custom', message: `${field} must be more than zero` });
    else if (kobo === null)
      context.addIssue({ code: 'custom', message: `${field} must be a naira amount with at most two decimals` });
    else if (kobo <= 0n) context.addIssue({ code: 'custom', message: `${field} must be more than zero` });
    else if (kobo > maxKobo)
      context.addIssue({ code: 'custom', message: `${field} must be at most ${formatNaira(koboToNaira(maxKobo))}` });
    else return kobo;
    return z.NEVER;
  });

/** A naira amount within a service's limits (kobo); its presence is the form's to check (`filledFirst`). */
export const nairaAmountWithin = (field: string, minKobo: bigint, maxKobo: bigint) =>
  z.unknown().transform((value, context) => {
    const kobo = nairaToKobo(value);
    if (kobo === null)
      context.addIssue({ code: 'custom', message: `${field} must be a naira amount with at most two decimals` });
    else if (kobo < minKobo || kobo > maxKobo) {
      context.addIssue({
        code: 'custom',
        message:
          `${field} must be between ${formatNaira(koboToNaira(minKobo))} and ` + `${formatNaira(koboToNaira(maxKobo))}`,
      });
    } else return kobo;
    return z.NEVER;
  });

/**
 * NIN and BVN: exactly 11 digits (the app's field takes digits, at most 11). Optional: absent, null
 * or blank answers undefined, which keeps the stored value. A number is read as its digits.
 */
export const identityNumber = (field: string) => {
  const invalid = `${field} must be exactly ${ID_NUMBER_MAX_LENGTH} digits`;
  return z
    .union([z.string(), z.number()], { error: `${field} must be ${ID_NUMBER_MAX_LENGTH} digits as text` })
    .nullish()
    .transform((value, context) => {
      const text = value === undefined || value === null ? '' : String(value).trim();
      if (text === '') return undefined;
      if (!new RegExp(`^\\d{${ID_NUMBER_MAX_LENGTH}}$`).test(text)) {
        context.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return text;
    });
};

/**
 * The date of birth typed with a NIN or BVN, YYYY-MM-DD (as a date input gives it), which must be
 * the record's (services/identity.ts). Absent, null or blank answers undefined: a form with a
 * number refuses that (`refusedWithoutDateOfBirth`), one without has no use for it.
 */
export const dateOfBirth = z
  .string({ error: 'date_of_birth must be text' })
  .nullish()
  .transform((value, context) => {
    const day = value?.trim() ?? '';
    if (day === '') return undefined;
    if (!isDateOfBirth(day)) {
      context.addIssue({ code: 'custom', message: identityMessages.dateOfBirthInvalid });
      return z.NEVER;
    }
    return day;
  });

type IdentityFields = { nin?: string; bvn?: string; date_of_birth?: string };

/**
 * Refuses a form that sends a NIN or BVN to verify without the date of birth that proves it (a
 * `superRefine` step); answers whether it did.
 */
export function refusedWithoutDateOfBirth(form: IdentityFields, context: z.RefinementCtx): boolean {
  if ((form.nin === undefined && form.bvn === undefined) || form.date_of_birth !== undefined) return false;
  context.addIssue({ code: 'custom', message: identityMessages.dateOfBirthRequired, path: ['date_of_birth'] });
  return true;
}

/** One of the languages the app speaks (core/i18n/locales.ts). */
export const language = z.enum(LOCALES, { error: 'please choose one of the languages the app speaks' });
