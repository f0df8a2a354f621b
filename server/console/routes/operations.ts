import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { positiveId, requestBody } from '../../routes/fields';
import { success } from '../../routes/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from '../guard';
import { auditNow, glance, type ProviderHealth } from '../services/glance';
import { reconciliationQueue, workReconciliationItem } from '../services/reconciliationWork';
import { writing } from './fields';

const workBody = requestBody({
  kind: z.enum(['mismatch', 'dispute'], { error: 'kind must be mismatch or dispute' }),
  id: positiveId('id'),
  status: z.enum(['acknowledged', 'resolved'], { error: 'status must be acknowledged or resolved' }),
  note: writing('note', 3, 500),
});

/** At a glance, and the reconciliation queue. */
export function registerOperationsRoutes(app: FastifyInstance, ctx: AppContext, providers: ProviderHealth) {
  app.post('/ops/api/glance', { config: { access: { permission: 'glance.read' } } }, async () => success('at a glance', await glance(ctx, providers)));

  app.post('/ops/api/glance/audit', { config: { access: { permission: 'glance.read' } } }, async () => success('ledger audit run', await auditNow(ctx)));

  app.post('/ops/api/reconciliation/list', { config: { access: { permission: 'reconciliation.work' } } }, async () => success('reconciliation', await reconciliationQueue(ctx)));

  app.post('/ops/api/reconciliation/work', { config: { access: { permission: 'reconciliation.work' } } }, async (request) => {
    const body = workBody.parse(request.body);
    return success(`${body.kind} ${body.status}`, await workReconciliationItem(ctx, actorOf(request), body.kind, BigInt(body.id), body.status, body.note));
  });
}
