import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { failure, success } from './envelope';
import { routeDoc } from './openapi';

export const NOT_READY_DATABASE = 'the database is not answering';

/**
 * For load balancers, orchestrators and uptime checks:
 * - `/api/health/live`: the process answers (restart it when this fails); never touches the database.
 * - `/api/health/ready`: send traffic here (503 while the database does not answer; once shutdown
 *   began every request answers 503, this one included: routes/draining.ts).
 * - `/api/health`: the original check, ok when the database answers.
 */
export function registerHealthRoutes(app: FastifyInstance, db: Database) {
  const databaseAnswers = () =>
    sql`SELECT 1`.execute(db).then(
      () => true,
      () => false,
    );

  app.get('/api/health', { schema: routeDoc({ summary: 'Ok when the database answers', tags: ['health'] }) }, async () => {
    await sql`SELECT 1`.execute(db);
    return success('ok');
  });

  app.get('/api/health/live', { schema: routeDoc({ summary: 'Liveness: the process answers (never touches the database)', tags: ['health'] }) }, async () => success('live'));

  app.get('/api/health/ready', { schema: routeDoc({ summary: 'Readiness: 503 once shutdown began or while the database does not answer', tags: ['health'] }) }, async (_request, reply) => {
    if (!(await databaseAnswers())) return reply.code(503).send(failure(NOT_READY_DATABASE));
    return success('ready');
  });
}
