import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
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
 * Shutdown, as far as HTTP goes. close() answers every connection already made, then stops the
 * listener and lets the requests in flight finish. From its first moment (preClose) a request
 * that arrives is answered 503 with Retry-After and its connection closed, readiness included,
 * and the database refuses work that has written nothing yet (db/drainGate.ts), which the error
 * handler answers the same way. Before the listener closes, the connections the kernel completed
 * but the event loop has not taken yet are accepted and heard (answerConnectionsMade): closing
 * the listener would reset them, and closing idle connections would cut those accepted whose
 * request was not read yet, which on the embedded database, busy on the loop, is most of a
 * burst. A request waiting on a provider stops waiting a little before the deadline and answers
 * what a timeout answers (a purchase: "processing", for the requery job to settle), so it is
 * answered rather than cut off. Every request received gets an answer: done, or refused before
 * it began.
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
  const connections = watchConnections(app.server);
  app.addHook('preClose', async () => {
    closing = true;
    gate.close();
    app.log.info(SHUTDOWN_BEGUN);
    // The time left after giving up is for recording what the providers did not answer.
    const waitMs = shutdownTimeoutMs - Math.min(2_000, shutdownTimeoutMs / 4);
    giveUp = setTimeout(() => stopWaiting.abort(), waitMs);
    giveUp.unref();
    // As long: on the embedded database a loaded loop may take seconds to read a burst's requests.
    await connections.answerConnectionsMade(waitMs);
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

/** One turn of the event loop: its poll phase runs (connections accepted, sockets read) before this settles. */
const loopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The connections of `server` that have not sent a request yet. */
function watchConnections(server: Server) {
  const unheard = new Set<Socket>();
  let allHeard: (() => void) | undefined;
  const heard = (socket: Socket) => {
    unheard.delete(socket);
    if (unheard.size === 0) allHeard?.();
  };
  server.on('connection', (socket: Socket) => {
    unheard.add(socket);
    socket.once('close', () => heard(socket));
  });
  server.on('request', (request: IncomingMessage) => heard(request.socket));
  return {
    /**
     * Takes what the kernel has queued on the listener (two turns: between them at least one
     * poll accepts every connection waiting), then waits until each connection made has sent
     * its first request, which the draining answers, or closed. A client that connected and
     * sends nothing (a browser's preconnect) holds the listener open for at most `waitMs`, and is
     * then closed unanswered, as it asked nothing.
     */
    async answerConnectionsMade(waitMs: number): Promise<void> {
      await loopTurn();
      await loopTurn();
      if (unheard.size === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        allHeard = resolve;
        timer = setTimeout(resolve, waitMs);
      });
      clearTimeout(timer);
      allHeard = undefined;
    },
  };
}
