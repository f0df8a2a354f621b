import { z } from 'zod';
import { PasskeyAnswer } from '../../../core/passkeys';
import { NOTE_MAX_LENGTH, REASON_MAX_LENGTH, REASON_MIN_LENGTH } from '../../../core/console';

/** Console request fields beyond the customer API's (server/http/fields.ts). */

/** What the authenticator app shows, or (signing in only) a recovery code. */
export const code = z
  .string({ error: 'code is required' })
  .trim()
  .min(1, 'code is required')
  .max(20, 'code is too long');

/**
 * What re-authenticates a money action or a staff change: the code, or a passkey's answer to a
 * confirmation (`/ops/api/passkeys/confirm/start`). Without either, the code is asked for.
 */
export const secondFactor = { code: code.optional(), passkey: PasskeyAnswer.optional() };

const CONTROL_EXCEPT_LINES = /[\p{Cc}]/u;

/** Free text a person writes for another: line breaks kept, other control characters refused. */
export const writing = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} is required` })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, min <= 1 ? `${field} is required` : `${field} must say why, in at least ${min} characters`)
        .max(max, `${field} must be at most ${max} characters`)
        .refine(
          (value) => !CONTROL_EXCEPT_LINES.test(value.replace(/\n/g, '')),
          `${field} must not contain control characters`,
        ),
    );

export const reason = writing('reason', REASON_MIN_LENGTH, REASON_MAX_LENGTH);
export const note = writing('note', 1, NOTE_MAX_LENGTH);
