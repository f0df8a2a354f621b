import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SavedBeneficiary } from '../../core/contract';
import { SERVICE_CATEGORIES, serviceOfCategory } from '../../core/services';
import type { RateLimits } from '../config';
import { must } from '../errors';
import type { AppContext } from '../services/context';
import {
  deleteBeneficiary,
  listSavedBeneficiaries,
  renameBeneficiary,
  saveBeneficiary,
} from '../services/purchases/savedBeneficiaries';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { BENEFICIARY_INVALID } from '../services/purchases/wording';
import { routeDoc } from '../http/openapi';
import { catalogId, positiveId, requestBody, requiredText } from '../http/fields';
import { byAccount, limitRequests } from '../http/rateLimits';

const CATEGORY_INVALID = `category must be one of ${SERVICE_CATEGORIES.join(', ')}`;
const NAME_MAX_LENGTH = 40;

const category = z.enum(SERVICE_CATEGORIES, { error: CATEGORY_INVALID });
const name = requiredText(
  'name',
  /*i18n*/ { id: 'saved.field.name', message: 'please enter a name for this number' },
  NAME_MAX_LENGTH,
);

const listBody = requestBody({ category });
const renameBody = requestBody({ beneficiary_id: positiveId('beneficiary_id'), name });
const deleteBody = requestBody({ beneficiary_id: positiveId('beneficiary_id') });

/** The number is read by the service's own beneficiary rule, as a purchase reads it (core/services.ts). */
const saveBody = requestBody({
  category,
  beneficiary: requiredText(
    'beneficiary',
    /*i18n*/ { id: 'saved.field.number', message: 'please enter the number to save' },
    40,
  ),
  name,
  provider_id: catalogId('provider_id').nullish(),
}).transform((body, context) => {
  const service = must(serviceOfCategory(body.category), "the schema takes only the service table's categories");
  const rule = service.beneficiary;
  const beneficiary = rule.normalise(body.beneficiary);
  if (beneficiary === null) {
    context.addIssue({ code: 'custom', message: t(BENEFICIARY_INVALID[service.key]) });
    return z.NEVER;
  }
  return { category: body.category, beneficiary, name: body.name, providerId: body.provider_id ?? null };
});

/** Saved beneficiaries: per user, per service category. */
/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  listed: /*i18n*/ { id: 'saved.done.listed', message: 'saved beneficiaries fetched successfully' },
  saved: /*i18n*/ { id: 'saved.done.saved', message: 'beneficiary saved' },
  renamed: /*i18n*/ { id: 'saved.done.renamed', message: 'beneficiary renamed' },
  deleted: /*i18n*/ { id: 'saved.done.deleted', message: 'beneficiary deleted' },
};

export function registerBeneficiaryRoutes(
  app: FastifyInstance,
  { ctx, limits }: { ctx: AppContext; limits: RateLimits },
) {
  const session = requireSession(ctx);
  // One budget for every change: each writes the user's list.
  const changes = [session, limitRequests(app, limits, 'beneficiaries', byAccount)];

  app.post(
    '/api/beneficiaries/list',
    {
      schema: routeDoc({
        summary: 'Saved beneficiaries of a service category',
        tags: ['beneficiaries'],
        auth: true,
        body: listBody,
        data: z.array(SavedBeneficiary),
        errors: [422],
      }),
      preHandler: session,
    },
    async (request) => {
      const body = listBody.parse(request.body);
      return success(t(done.listed), await listSavedBeneficiaries(ctx, authOf(request).userId, body.category));
    },
  );

  app.post(
    '/api/beneficiaries/save',
    {
      schema: routeDoc({
        summary: 'Save a number with a name (saving it again renames it)',
        tags: ['beneficiaries'],
        auth: true,
        body: saveBody,
        data: SavedBeneficiary,
        errors: [409, 422, 429],
      }),
      preHandler: changes,
    },
    async (request) => {
      const body = saveBody.parse(request.body);
      return success(t(done.saved), await saveBeneficiary(ctx, authOf(request).userId, body));
    },
  );

  app.post(
    '/api/beneficiaries/rename',
    {
      schema: routeDoc({
        summary: 'Rename a saved beneficiary',
        tags: ['beneficiaries'],
        auth: true,
        body: renameBody,
        data: SavedBeneficiary,
        errors: [404, 422, 429],
      }),
      preHandler: changes,
    },
    async (request) => {
      const body = renameBody.parse(request.body);
      return success(
        t(done.renamed),
        await renameBeneficiary(ctx, authOf(request).userId, body.beneficiary_id, body.name),
      );
    },
  );

  app.post(
    '/api/beneficiaries/delete',
    {
      schema: routeDoc({
        summary: 'Delete a saved beneficiary',
        tags: ['beneficiaries'],
        auth: true,
        body: deleteBody,
        errors: [404, 422, 429],
      }),
      preHandler: changes,
    },
    async (request) => {
      const body = deleteBody.parse(request.body);
      await deleteBeneficiary(ctx, authOf(request).userId, body.beneficiary_id);
      return success(t(done.deleted));
    },
  );
}
