import type { FastifyInstance } from 'fastify';
import { ProvidersByCategory } from '../../core/contract';
import { must } from '../errors';
import { catalogVersionQuery, providersByCategory } from '../services/purchases/catalog';
import type { AppContext } from '../services/context';
import { pollRead } from '../http/authenticate';
import { success } from '../http/envelope';
import { registerPoll } from '../http/polls';

export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext) {
  // The answer as sent, kept with the catalogue version it was read at: each poll reads the
  // version (one row, with the session), and the catalogue itself only when another process, the
  // sync job, an operator or a product's pause changed it, or a pause's end has come (its trial
  // opens with no row changed). The version is read first, so a catalogue is never kept under a
  // newer version than its own.
  let kept: { version: bigint; body: string; changesAt: Date | null } | undefined;

  registerPoll(
    app,
    '/api/fetch-providers',
    {
      summary: 'Providers and plans by category (polled; not activity)',
      tags: ['purchases'],
      data: ProvidersByCategory,
    },
    async (request, reply) => {
      const { rows } = await pollRead(ctx, request, catalogVersionQuery);
      const version = must(rows[0].version, 'catalog_version always has its one row (018_catalog_version.sql)');
      const ended = kept?.changesAt != null && kept.changesAt <= ctx.clock.now();
      if (kept?.version !== version || ended) {
        const { providers, changesAt } = await providersByCategory(ctx);
        kept = { version, body: JSON.stringify(success('providers fetched successfully', providers)), changesAt };
      }
      return reply.type('application/json; charset=utf-8').send(kept.body);
    },
  );
}
