import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { PartnerBacklog } from '../services/funding/partnerBacklog';
import { failure, success } from './envelope';
import { routeDoc } from './openapi';

export const NOT_READY_DATABASE = 'the database is not answering';

/** Each bank partner's breaker and backlog, for an operator. */
export interface ReadyDetails {
  partners: PartnerBacklog[];
}

const partnerBacklog: z.ZodType<PartnerBacklog> = z.strictObject({
  partner: z.string(),
  breaker: z.enum(['closed', 'open', 'half-open', 'none']),
  waiting_enrolments: z.number().int(),
  enrolments_needing_identity: z.number().int(),
  pending_confirmations: z.number().int(),
  open_card_payments: z.number().int(),
});
/** null: the details could not be read, which never makes the server unready. */
const readyAnswer = z.strictObject({ details: z.strictObject({ partners: z.array(partnerBacklog) }).nullable() });

/**
 * For load balancers, orchestrators and uptime checks:
 * - `/api/health/live`: the process answers (restart it when this fails); never touches the database.
 * - `/api/health/ready`: send traffic here (503 while the database does not answer; once shutdown
 *   began every request answers 503, this one included: http/draining.ts). Its `data` carries
 *   `details` (each bank partner's breaker and backlog): a partner that refuses or is down is news
 *   for an operator, never a reason to take the server out of service.
 * - `/api/health`: the original check, ok when the database answers.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database, details: () => Promise<ReadyDetails>) {
  const databaseAnswers = () =>
    sql`SELECT 1`.execute(db).then(
      () => true,
      () => false,
    );

  app.get(
    '/api/health',
    { schema: routeDoc({ summary: 'Ok when the database answers', tags: ['health'] }) },
    async () => {
      await sql`SELECT 1`.execute(db);
      return success('ok');
    },
  );

  app.get(
    '/api/health/live',
    { schema: routeDoc({ summary: 'Liveness: the process answers (never touches the database)', tags: ['health'] }) },
    async () => success('live'),
  );

  app.get(
    '/api/health/ready',
    {
      schema: routeDoc({
        summary: 'Readiness: 503 once shutdown began or while the database does not answer',
        tags: ['health'],
        data: readyAnswer,
      }),
    },
    async (_request, reply) => {
      if (!(await databaseAnswers())) return reply.code(503).send(failure(NOT_READY_DATABASE));
      return success('ready', { details: await details().catch(() => null) });
    },
  );
}
