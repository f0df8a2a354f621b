import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../services/context';
import { PinLogout } from '../services/pins';

/**
 * Runs a call that checks the transaction pin. When a wrong pin ended every session, the user
 * is told by e-mail; the mail is not awaited, so a slow mail server does not hold the answer.
 */
export async function mailingPinLogout<T>(ctx: AppContext, request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PinLogout) ctx.mailer.send(error.mail).catch((mailError: unknown) => request.log.error({ err: mailError }, 'pin logout mail not sent'));
    throw error;
  }
}
