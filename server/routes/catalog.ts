import type { FastifyInstance } from 'fastify';
import { ProvidersByCategory } from '../../core/contract';
import { must } from '../errors';
import { catalogVersionQuery, providersByCategory } from '../services/purchases/catalog';
import type { AppContext } from '../services/context';
import { pollRead } from '../http/authenticate';
import { success } from '../http/envelope';
import { registerPoll } from '../http/polls';
import { currentLocale, t } from '../i18n';
import type { Locale } from '../../core/i18n/locales';

const FETCHED = /*i18n*/ { id: 'buy.done.providers', message: 'providers fetched successfully' };

export function registerCatalogRoutes(app: FastifyInstance, ctx: AppContext) {
  // The answer as sent, kept with the catalogue version it was read at: each poll reads the
  // version (one row, with the session), and the catalogue itself only when another process, the
  // sync job, an operator or a product's pause changed it, or a pause's end has come (its trial
  // opens with no row changed). The version is read first, so a catalogue is never kept under a
  // newer version than its own.
  // One body per language the answer's message is said in (at most one per locale the app speaks).
  let kept:
    | { version: bigint; providers: ProvidersByCategory; bodies: Map<Locale, string>; changesAt: Date | null }
    | undefined;

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
        kept = { version, providers, bodies: new Map(), changesAt };
      }
      const locale = currentLocale();
      let body = kept.bodies.get(locale);
      if (body === undefined) {
        body = JSON.stringify(success(t(FETCHED), kept.providers));
        kept.bodies.set(locale, body);
      }
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
