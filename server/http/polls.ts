import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { noFields, routeDoc, type RouteDoc } from './openapi';
import { withoutBodyHeaders } from './securityHeaders';

/**
 * The validator of an answer's body: a weak tag (the same JSON is one answer, compressed or not) of
 * the first 22 base64url characters (132 bits) of its SHA-256, so that a changed answer changes it.
 */
export function tagOf(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

/** Whether If-None-Match names `tag`, compared weakly as a GET's condition is (`*` is any answer). */
export function namesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = tag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((listed) => {
    const trimmed = listed.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/**
 * The GET form's validators: every 200 carries its body's tag, and the app asks again with
 * If-None-Match, which is answered 304 with no body while the answer is the same. Run before
 * compression (it is added later, http/compression.ts), so the tag is the JSON's. The tag of the
 * last body is kept: the catalogue's answer is one string while its version holds.
 */
function answerConditionally() {
  let last = { body: '', tag: tagOf('') };
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (payload !== last.body) last = { body: payload, tag: tagOf(payload) };
    reply.header('ETag', last.tag);
    if (!namesTag(request.headers['if-none-match'], last.tag)) return payload;
    reply.code(304);
    withoutBodyHeaders(reply);
    return null;
  };
}

/**
 * One of the app's polls (get-user, fetch-providers, fetch-notifications), every 60 s. The app
 * asks with GET, conditionally (above); the POST with `{}` that every other call is answers as
 * it always did and takes no validator: RFC 9110 answers a POST's failed condition 412, never 304.
 * Two routes with one handler, so that each is described as it is sent: the GET has no body.
 * The handler reads the session itself (authenticate.ts pollRead): a poll is not activity.
 */
export function registerPoll(
  app: FastifyInstance,
  url: string,
  doc: Omit<RouteDoc, 'auth' | 'body'>,
  handler: RouteHandlerMethod,
) {
  app.get(url, { schema: routeDoc({ ...doc, auth: true, conditional: true }), onSend: answerConditionally() }, handler);
  app.post(url, { schema: routeDoc({ ...doc, auth: true, body: noFields }) }, handler);
}
