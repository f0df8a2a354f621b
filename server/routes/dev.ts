import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DevOutbox } from '../gateways/devOutbox';
import { success } from './envelope';

const mailboxQuery = z.object({ to: z.string({ error: 'to must be one e-mail address' }).max(254, 'to is too long').optional() });

/** Development conveniences (DESIGN.md §3); never registered in production, where /dev/* is 404. */
export function registerDevRoutes(app: FastifyInstance, outbox: DevOutbox) {
  app.get('/dev/mailbox', async (request) => {
    const { to } = mailboxQuery.parse(request.query);
    return success('mailbox', outbox.list(to));
  });
}
