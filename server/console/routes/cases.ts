import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestBody } from '../../http/fields';
import { success } from '../../http/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from './guard';
import { auditedRead } from '../services/audit';
import { listCases, resolveCase, reviewCase } from '../services/cases';
import { note } from './fields';

const caseNumber = z
  .string({ error: 'case_number is required' })
  .trim()
  .toUpperCase()
  .regex(/^NW-[0-9A-HJKMNP-TV-Z]{8}$/, 'case_number must look like NW-XXXXXXXX');
const listBody = requestBody({ all: z.boolean({ error: 'all must be true or false' }).default(false) });
const caseBody = requestBody({ case_number: caseNumber });
const resolveBody = requestBody({ case_number: caseNumber, note });

/** The problem-report queue. */
export function registerCaseRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/ops/api/cases/list', { config: { access: { permission: 'cases.work' } } }, async (request) => {
    const { all } = listBody.parse(request.body ?? {});
    const cases = await auditedRead(ctx, actorOf(request), { action: 'case.list', after: { all } }, (tx) =>
      listCases(tx, all ? {} : { statuses: ['open', 'in-review'] }),
    );
    return success('cases', cases);
  });

  app.post('/ops/api/cases/review', { config: { access: { permission: 'cases.work' } } }, async (request) => {
    const body = caseBody.parse(request.body);
    return success(`case ${body.case_number} is in review`, await reviewCase(ctx, actorOf(request), body.case_number));
  });

  app.post('/ops/api/cases/resolve', { config: { access: { permission: 'cases.work' } } }, async (request) => {
    const body = resolveBody.parse(request.body);
    return success(
      `case ${body.case_number} is resolved: the customer has been told`,
      await resolveCase(ctx, actorOf(request), body.case_number, body.note),
    );
  });
}
