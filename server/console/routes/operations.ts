import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positiveId, requestBody } from '../../http/fields';
import { success } from '../../http/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from './guard';
import { auditedRead } from '../services/audit';
import { auditNow, glance, type ProviderHealth } from '../services/glance';
import { lateBills } from '../services/lateBills';
import { reconciliationQueue, workReconciliationItem } from '../services/reconciliationWork';
import { writing } from './fields';

const workBody = requestBody({
  kind: z.enum(['mismatch', 'dispute'], { error: 'kind must be mismatch or dispute' }),
  id: positiveId('id'),
  status: z.enum(['acknowledged', 'resolved'], { error: 'status must be acknowledged or resolved' }),
  note: writing('note', 3, 500),
});

/** At a glance, the reconciliation queue, and the bills refunded at their 24-hour deadline. */
export function registerOperationsRoutes(app: FastifyInstance, ctx: AppContext, providers: ProviderHealth) {
  app.post('/ops/api/glance', { config: { access: { permission: 'glance.read' } } }, async (request) => {
    const figures = await auditedRead(ctx, actorOf(request), { action: 'glance.view' }, (tx) => glance(tx, providers));
    return success('at a glance', figures);
  });

  app.post('/ops/api/glance/audit', { config: { access: { permission: 'glance.read' } } }, async (request) =>
    success('ledger audit run', await auditNow(ctx, actorOf(request))),
  );

  app.post(
    '/ops/api/reconciliation/list',
    { config: { access: { permission: 'reconciliation.work' } } },
    async (request) => {
      const items = await auditedRead(ctx, actorOf(request), { action: 'reconciliation.list' }, reconciliationQueue);
      return success('reconciliation', items);
    },
  );

  app.post(
    '/ops/api/late-bills/list',
    { config: { access: { permission: 'reconciliation.work' } } },
    async (request) => {
      const bills = await auditedRead(ctx, actorOf(request), { action: 'reconciliation.late-bills' }, lateBills);
      return success('bills refunded at their deadline', bills);
    },
  );

  app.post(
    '/ops/api/reconciliation/work',
    { config: { access: { permission: 'reconciliation.work' } } },
    async (request) => {
      const body = workBody.parse(request.body);
      return success(
        `${body.kind} ${body.status}`,
        await workReconciliationItem(ctx, actorOf(request), body.kind, BigInt(body.id), body.status, body.note),
      );
    },
  );
}
