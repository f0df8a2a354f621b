import { z } from 'zod';
import { DEVICE, PIN_LENGTH } from '../../src/domain/limits';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../services/passwords';

/**
 * Request fields shared by several calls. Every rule carries the message the user sees; a
 * route calls `schema.parse(request.body)` and the error handler answers the first broken rule
 * with 422. Unknown fields are ignored.
 */

/** A JSON object body; anything else (array, string, null, no body) is refused with one clear message. */
export const requestBody = <Shape extends z.ZodRawShape>(shape: Shape) => z.object(shape, { error: 'the request body must be a JSON object' });

/** A text field: `required` when absent, null or blank; a clear message for any other type. */
export const text = (field: string, required: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${field} must be text`) });

/** PostgreSQL refuses NUL in text, and no name or address needs control characters. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

export const requiredText = (field: string, required: string, maxLength: number) =>
  text(field, required)
    .trim()
    .min(1, required)
    .max(maxLength, `${field} must be at most ${maxLength} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${field} must not contain control characters`);

export const email = (required: string) =>
  requiredText('email', required, 254)
    .toLowerCase()
    .pipe(z.email('please enter a valid email address'));

/** Nigerian numbers: 0XXXXXXXXXX, or +234 / 234 (optionally with the 0 kept) and the 10 digits; spaces and dashes are ignored. */
export const phone = (required: string) =>
  requiredText('phone', required, 20).transform((value, context) => {
    const digits = value.replace(/[\s-]/g, '');
    const match = /^(?:\+?2340?|0)(\d{10})$/.exec(digits);
    if (!match) {
      context.addIssue({ code: 'custom', message: 'please enter a valid Nigerian phone number: 11 digits starting with 0' });
      return z.NEVER;
    }
    return `0${match[1]}`;
  });

/** Passwords are taken exactly as typed: no trimming. */
export const password = (field: string, required: string) =>
  text(field, required)
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, `${field} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const pin = (field: string, required: string) =>
  text(field, required)
    .min(1, required)
    .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), `${field} must be exactly ${PIN_LENGTH} digits`);

/** Sent by the SPA as 'web'; a client that leaves it out is not the user's fault. */
export const device = requiredText('device', 'device must not be empty', 64).default(DEVICE);

/** The bot-check token; a missing one fails the check rather than the form. */
export const captchaToken = z.string({ error: 'token must be text' }).max(4096, 'token is too long').default('');

