import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { success } from './envelope';

/** For load balancers and uptime checks: answers ok only when the database answers too. */
export function registerHealthRoutes(app: FastifyInstance, db: Database) {
  app.get('/api/health', async () => {
    await sql`SELECT 1`.execute(db);
    return success('ok');
  });
}
