import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { ShuttingDownError } from '../db/drainGate';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, GatewayError } from '../errors';
import { DRAINING_RETRY_AFTER_S } from './draining';
import { failure } from './envelope';
import { t } from '../i18n';

/** What Fastify's own 4xx errors (raised before a handler runs) mean to a client. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'the request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'send the request body as JSON (Content-Type: application/json)',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'the request body is empty: send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'the request body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'the Content-Length header does not match the body',
  FST_ERR_BAD_URL: 'this address is not valid: check the link',
};

/** A restart or failover of the database: nothing was half-done, and the same request may be sent again. */
export const DATABASE_UNAVAILABLE = /*i18n*/ {
  id: 'server.briefly',
  message: 'the service is briefly unavailable, please try again in a moment',
};
/** A bug of ours: the customer is told to try again, and the log holds what broke. */
const OUR_FAULT = /*i18n*/ { id: 'server.ourFault', message: 'something went wrong on our side, please try again' };

/**
 * Every failure leaves as the envelope with an honest status: expected failures (AppError),
 * broken input rules (422), malformed requests (Fastify's 4xx, e.g. bad JSON 400, too large
 * 413), the database or a partner out of reach or work refused by a shutdown (503, with
 * Retry-After). Anything else is a bug:
 * logged, and answered 500 without details.
 */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof GatewayError) request.log.warn({ err: error.cause ?? error }, error.message);
  if (error instanceof AppError && error.retryAfterS !== undefined)
    reply.header('Retry-After', String(error.retryAfterS));
  if (error instanceof AppError) return reply.code(error.status).send(failure(error.message, error.data));
  if (error instanceof ZodError)
    return reply.code(422).send(failure(error.issues[0]?.message ?? 'the request is not valid'));

  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = 'code' in error ? error.code : '';
    // A JSON syntax error, including secure-json-parse refusing a __proto__ key.
    const message =
      FRAMEWORK_MESSAGES[code] ??
      (error instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : 'the request is malformed');
    return reply.code(status).send(failure(message));
  }

  // Refused before it began, as the process shuts down: the same request may go to another replica.
  if (error instanceof ShuttingDownError)
    return reply
      .code(503)
      .header('Retry-After', String(DRAINING_RETRY_AFTER_S))
      .send(failure(t(DATABASE_UNAVAILABLE)));
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('Retry-After', '2')
      .send(failure(t(DATABASE_UNAVAILABLE)));
  }

  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(failure(t(OUR_FAULT)));
}
