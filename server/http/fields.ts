import { z } from 'zod';
import { isDateOfBirth } from '../../core/days';
import { LOCALES } from '../../core/i18n/locales';
import { DEVICE, ID_NUMBER_MAX_LENGTH, PIN_LENGTH } from '../../core/limits';
import { identityMessages } from '../../core/words/identity';
import { formatNaira, koboToNaira, nairaToKobo } from '../../core/money';
import { normalisePhone, PHONE_INVALID } from '../../core/phone';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../services/account/passwords';
import type { Values, Words } from '../../core/i18n/words';
import { t } from '../i18n';

/**
 * Request fields shared by several calls. Every rule carries the message the user sees; a
 * route calls `schema.parse(request.body)` and the error handler answers the first broken rule
 * with 422. Unknown fields are ignored.
 */

/**
 * The generic rules' words. A field's name is the API's, the same in every language: it is what
 * the caller sent, and what a developer searches the documentation for.
 */
export const RULES = {
  bodyNotObject: /*i18n*/ { id: 'field.bodyNotObject', message: 'the request body must be a JSON object' },
  text: /*i18n*/ { id: 'field.text', message: '{field} must be text' },
  required: /*i18n*/ { id: 'field.required', message: '{field} is required' },
  deviceEmpty: /*i18n*/ { id: 'field.device.empty', message: 'device must not be empty' },
  tooLong: /*i18n*/ { id: 'field.tooLong', message: '{field} is too long' },
  longest: /*i18n*/ { id: 'field.longest', message: '{field} must be at most {max} characters' },
  shortest: /*i18n*/ { id: 'field.shortest', message: '{field} must be at least {min} characters' },
  controlCharacters: /*i18n*/ { id: 'field.controlCharacters', message: '{field} must not contain control characters' },
  email: /*i18n*/ { id: 'field.email', message: 'please enter a valid email address' },
  digits: /*i18n*/ { id: 'field.digits', message: '{field} must be exactly {digits} digits' },
  digitsAsText: /*i18n*/ { id: 'field.digitsAsText', message: '{field} must be {digits} digits as text' },
  positiveId: /*i18n*/ { id: 'field.positiveId', message: '{field} must be a positive whole number' },
  only: /*i18n*/ { id: 'field.only', message: '{field} must be {value}' },
  wholeNumber: /*i18n*/ { id: 'field.wholeNumber', message: '{field} must be a whole number from {min} to {max}' },
  amountPositive: /*i18n*/ { id: 'field.amount.positive', message: '{field} must be more than zero' },
  amountDecimals: /*i18n*/ {
    id: 'field.amount.decimals',
    message: '{field} must be a naira amount with at most two decimals',
  },
  amountMost: /*i18n*/ { id: 'field.amount.most', message: '{field} must be at most {max}' },
  amountBetween: /*i18n*/ { id: 'field.amount.between', message: '{field} must be between {min} and {max}' },
  language: /*i18n*/ { id: 'field.language', message: 'please choose one of the languages the app speaks' },
  oneOf: /*i18n*/ { id: 'field.oneOf', message: '{field} must be one of {values}' },
};

/**
 * A rule's message: the product's words (core/messages.ts), said in the request's language when a
 * request breaks it; or text.
 */
export type Said = string | Words;

export const say = (message: Said, values?: Values): string =>
  typeof message === 'string' ? message : t(message, values);

/** A rule's message as zod takes it, said when the rule is broken (a schema is built once, at start). */
export const saying = (message: Said, values?: Values) => ({ error: () => say(message, values) });

/** A JSON object body; anything else (array, string, null, no body) is refused with one clear message. */
export const requestBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, saying(RULES.bodyNotObject));

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
    error: (issue) => (issue.input === undefined || issue.input === null ? say(required) : t(RULES.text, { field })),
  });

/** PostgreSQL refuses NUL in text, and no name or address needs control characters. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

export const requiredText = (field: string, required: Said, maxLength: number) =>
  text(field, required)
    .trim()
    .min(1, saying(required))
    .max(maxLength, saying(RULES.longest, { field, max: maxLength }))
    .refine((value) => !CONTROL_CHARACTERS.test(value), saying(RULES.controlCharacters, { field }));

export const email = (required: Said) =>
  requiredText('email', required, 254)
    .toLowerCase()
    .pipe(z.email(saying(RULES.email)));

/** A Nigerian mobile number, in any form core/phone.ts reads, stored as 0XXXXXXXXXX. */
export const phone = (required: Said) =>
  requiredText('phone', required, 20).transform((value, context) => {
    const local = normalisePhone(value);
    if (local === null) {
      context.addIssue({ code: 'custom', message: t(PHONE_INVALID) });
      return z.NEVER;
    }
    return local;
  });

/** Passwords are taken exactly as typed: no trimming. */
export const password = (field: string, required: Said) =>
  text(field, required)
    .min(1, saying(required))
    .min(PASSWORD_MIN_LENGTH, saying(RULES.shortest, { field, min: PASSWORD_MIN_LENGTH }))
    .max(PASSWORD_MAX_LENGTH, saying(RULES.longest, { field, max: PASSWORD_MAX_LENGTH }));

export const pin = (field: string, required: Said) =>
  text(field, required)
    .min(1, saying(required))
    .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), saying(RULES.digits, { field, digits: PIN_LENGTH }));

/** Sent by the SPA as 'web'; a client that leaves it out is not the user's fault. */
export const device = requiredText('device', RULES.deviceEmpty, 64).default(DEVICE);

/** The random id a browser keeps for itself (services/devices.ts); anything not shaped like one is no id. */
export const deviceId = z
  .unknown()
  .transform((value) => (typeof value === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(value) ? value : undefined))
  .optional();

/** The bot-check token; a missing one fails the check rather than the form. */
export const captchaToken = z
  .string(saying(RULES.text, { field: 'token' }))
  .max(4096, saying(RULES.tooLong, { field: 'token' }))
  .default('');

/**
 * A database id: a positive whole number, or its digits as text, no larger than `max`; at most 15
 * digits keeps it an exact JS number.
 */
export const positiveId = (field: string, max: number = Number.MAX_SAFE_INTEGER) => {
  const invalid = saying(RULES.positiveId, { field });
  return z
    .union(
      [
        z.number().int(invalid).positive(invalid).max(Number.MAX_SAFE_INTEGER, invalid),
        z
          .string()
          .regex(/^[1-9]\d{0,14}$/, invalid)
          .transform(Number),
      ],
      {
        error: (issue) =>
          issue.input === undefined || issue.input === null ? t(RULES.required, { field }) : invalid.error(),
      },
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
  const invalid =
    min === max ? saying(RULES.only, { field, value: min }) : saying(RULES.wholeNumber, { field, min, max });
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\d{1,9}$/, invalid)
          .transform(Number),
      ],
      invalid,
    )
    .nullish()
    .transform((value, context) => {
      const number = value ?? fallback;
      if (!Number.isInteger(number) || number < min || number > max) {
        context.addIssue({ code: 'custom', message: invalid.error() });
        return z.NEVER;
      }
      return number;
    });
};

const naira = (kobo: bigint) => formatNaira(koboToNaira(kobo));

/**
 * A naira amount (the wire speaks naira): a JSON number or numeric text with at most two decimals,
 * to kobo exactly. Positive, and at most `maxKobo`; `<field> is required` when absent.
 */
export const nairaAmount = (field: string, maxKobo: bigint) =>
  z.unknown().transform((value, context) => {
    if (blank(value)) {
      context.addIssue({ code: 'custom', message: t(RULES.required, { field }) });
      return z.NEVER;
    }
    const kobo = nairaToKobo(value);
    if (kobo === null && (typeof value === 'number' || typeof value === 'string') && Number(value) < 0)
      context.addIssue({ code: 'custom', message: t(RULES.amountPositive, { field }) });
    else if (kobo === null) context.addIssue({ code: 'custom', message: t(RULES.amountDecimals, { field }) });
    else if (kobo <= 0n) context.addIssue({ code: 'custom', message: t(RULES.amountPositive, { field }) });
    else if (kobo > maxKobo)
      context.addIssue({ code: 'custom', message: t(RULES.amountMost, { field, max: naira(maxKobo) }) });
    else return kobo;
    return z.NEVER;
  });

/** A naira amount within a service's limits (kobo); its presence is the form's to check (`filledFirst`). */
export const nairaAmountWithin = (field: string, minKobo: bigint, maxKobo: bigint) =>
  z.unknown().transform((value, context) => {
    const kobo = nairaToKobo(value);
    if (kobo === null) context.addIssue({ code: 'custom', message: t(RULES.amountDecimals, { field }) });
    else if (kobo < minKobo || kobo > maxKobo) {
      const range = { field, min: naira(minKobo), max: naira(maxKobo) };
      context.addIssue({ code: 'custom', message: t(RULES.amountBetween, range) });
    } else return kobo;
    return z.NEVER;
  });

/**
 * NIN and BVN: exactly 11 digits (the app's field takes digits, at most 11). Optional: absent, null
 * or blank answers undefined, which keeps the stored value. A number is read as its digits.
 */
export const identityNumber = (field: string) => {
  const digits = { field, digits: ID_NUMBER_MAX_LENGTH };
  return z
    .union([z.string(), z.number()], saying(RULES.digitsAsText, digits))
    .nullish()
    .transform((value, context) => {
      const text = value === undefined || value === null ? '' : String(value).trim();
      if (text === '') return undefined;
      if (!new RegExp(`^\\d{${ID_NUMBER_MAX_LENGTH}}$`).test(text)) {
        context.addIssue({ code: 'custom', message: t(RULES.digits, digits) });
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
  .string(saying(RULES.text, { field: 'date_of_birth' }))
  .nullish()
  .transform((value, context) => {
    const day = value?.trim() ?? '';
    if (day === '') return undefined;
    if (!isDateOfBirth(day)) {
      context.addIssue({ code: 'custom', message: t(identityMessages.dateOfBirthInvalid) });
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
  context.addIssue({ code: 'custom', message: t(identityMessages.dateOfBirthRequired), path: ['date_of_birth'] });
  return true;
}

/** One of the languages the app speaks (core/i18n/locales.ts). */
export const language = z.enum(LOCALES, saying(RULES.language));
