import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { DrainGate } from '../db/drainGate';
import { currentContext } from './requestContext';
import { failure } from './envelope';

export const NOT_READY_DRAINING = 'shutting down: send new requests to another replica';

/** Logged once the app answers 503 to new requests and refuses work that wrote nothing. */
export const SHUTDOWN_BEGUN = 'shutdown: refusing new requests and work not begun';

/**
 * Seconds a client refused during a shutdown waits before sending again (to another replica, behind
 * a load balancer).
 */
export const DRAINING_RETRY_AFTER_S = 2;

export interface Draining {
  /** Refuses database work that has written nothing yet once shutdown begins. */
  gate: DrainGate;
  /** Aborted when the shutdown can no longer wait on a provider's answer (PurchaseDeps.stopWaiting). */
  stopWaiting: AbortController;
  /** SHUTDOWN_TIMEOUT_MS: how long the process waits for in-flight requests before cutting connections (main.ts). */
  shutdownTimeoutMs: number;
}

/**
 * Shutdown, as far as HTTP goes. close() stops the listener and lets the requests in flight
 * finish; from its first moment (preClose) a request arriving on a kept-alive connection is
 * answered 503 with Retry-After and its connection closed, readiness included, and the
 * database refuses work that has written nothing yet (db/drainGate.ts), which the error handler
 * answers the same way. A request waiting on a provider stops waiting a little before the
 * deadline and answers what a timeout answers (a purchase: "processing", for the requery job to
 * settle), so it is answered rather than cut off. Every request received gets an answer: done,
 * or refused before it began.
 */
export function registerDraining(app: FastifyInstance, { gate, stopWaiting, shutdownTimeoutMs }: Draining) {
  // Every route registered after this: the gate watches the request's work from its handler on.
  app.addHook('onRoute', (route) => {
    const handler: RouteHandlerMethod = route.handler;
    route.handler = function watched(request, reply) {
      const context = currentContext();
      if (context) gate.watch(context);
      return handler.call(this, request, reply);
    };
  });
  let closing = false;
  let giveUp: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    gate.close();
    app.log.info(SHUTDOWN_BEGUN);
    // The time left after giving up is for recording what the providers did not answer.
    giveUp = setTimeout(() => stopWaiting.abort(), shutdownTimeoutMs - Math.min(2_000, shutdownTimeoutMs / 4));
    giveUp.unref();
  });
  app.addHook('onClose', async () => clearTimeout(giveUp));
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    return reply.code(503).header('Retry-After', String(DRAINING_RETRY_AFTER_S)).send(failure(NOT_READY_DRAINING));
  });
  // The listener's close() waits for every connection to end: an answer given while closing ends
  // its kept-alive connection, which would otherwise idle until its keep-alive timeout.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('Connection', 'close');
  });
}
