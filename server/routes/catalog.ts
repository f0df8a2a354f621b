import type { FastifyInstance } from 'fastify';
import { providersByCategory } from '../services/catalog';
import type { AppContext } from '../services/context';
import { requireSession } from './authenticate';
import { success } from './envelope';
import { routeDoc } from './openapi';

export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext) {
  // Polled every 60 s, which is not the user's activity; GET too, since SPEC.md leaves the method open (DESIGN.md §3).
  app.route({
    method: ['GET', 'POST'],
    url: '/api/fetch-providers',
    schema: routeDoc({ summary: 'Providers and plans by category (polled; not activity)', tags: ['purchases'], auth: true }),
    preHandler: requireSession(ctx, 'poll'),
    handler: async () => success('providers fetched successfully', await providersByCategory(ctx)),
  });
}
