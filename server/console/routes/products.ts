import type { FastifyInstance } from 'fastify';
import { catalogId, requestBody } from '../../http/fields';
import { success } from '../../http/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from './guard';
import { auditedRead } from '../services/audit';
import { pauseProduct, productList, resumeProduct } from '../services/products';
import { writing } from './fields';

const pauseBody = requestBody({ provider_id: catalogId('provider_id'), reason: writing('reason', 3, 500) });
const resumeBody = requestBody({ provider_id: catalogId('provider_id'), note: writing('note', 3, 500) });

/** The products and their pauses: stopping the sale of a failing one, and selling it again. */
export function registerProductRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/ops/api/products/list', { config: { access: { permission: 'glance.read' } } }, async (request) => {
    const products = await auditedRead(ctx, actorOf(request), { action: 'product.list' }, productList);
    return success('products', products);
  });

  app.post('/ops/api/products/pause', { config: { access: { permission: 'products.pause' } } }, async (request) => {
    const body = pauseBody.parse(request.body);
    return success('product paused', await pauseProduct(ctx, actorOf(request), body.provider_id, body.reason));
  });

  app.post('/ops/api/products/resume', { config: { access: { permission: 'products.pause' } } }, async (request) => {
    const body = resumeBody.parse(request.body);
    return success('product resumed', await resumeProduct(ctx, actorOf(request), body.provider_id, body.note));
  });
}
