import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ProblemReport } from '../../core/contract';
import { PROBLEM_NOTE_MAX_LENGTH, PROBLEM_REASON_KEYS } from '../../core/problemReports';
import type { RateLimits } from '../config';
import type { AppContext } from '../services/context';
import { problemReportOf, reportProblem } from '../services/records/problemReports';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { routeDoc } from '../http/openapi';
import { positiveId, requestBody, RULES, saying } from '../http/fields';
import { byAccount, limitRequests } from '../http/rateLimits';

const CONTROL_EXCEPT_LINES = /[\p{Cc}]/u;

const fetchBody = requestBody({ transaction_id: positiveId('transaction_id') });
const createBody = requestBody({
  transaction_id: positiveId('transaction_id'),
  reason: z.enum(
    PROBLEM_REASON_KEYS,
    saying(/*i18n*/ { id: 'problem.field.reason', message: 'please choose what went wrong' }),
  ),
  // Optional; line breaks are kept (a note may be a few lines), other control characters are not.
  note: z
    .string(saying(RULES.text, { field: 'note' }))
    .nullish()
    .transform((value) => (value ?? '').replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(PROBLEM_NOTE_MAX_LENGTH, saying(RULES.longest, { field: 'note', max: PROBLEM_NOTE_MAX_LENGTH }))
        .refine(
          (value) => !CONTROL_EXCEPT_LINES.test(value.replace(/\n/g, '')),
          saying(RULES.controlCharacters, { field: 'note' }),
        ),
    ),
});

/** Report a problem on a transaction, and read the case back. */
/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  fetched: /*i18n*/ { id: 'problem.done.fetched', message: 'problem report fetched successfully' },
  received: /*i18n*/ { id: 'problem.done.received', message: 'we received your report: case {number}' },
};

export function registerProblemReportRoutes(
  app: FastifyInstance,
  { ctx, limits }: { ctx: AppContext; limits: RateLimits },
) {
  const session = requireSession(ctx);

  app.post(
    '/api/problem-reports/fetch',
    {
      schema: routeDoc({
        summary: 'The problem report of a transaction, if any',
        tags: ['problem reports'],
        auth: true,
        body: fetchBody,
        data: ProblemReport.nullable().describe('null: no report on this transaction yet'),
        errors: [404, 422],
      }),
      preHandler: session,
    },
    async (request) => {
      const body = fetchBody.parse(request.body);
      return success(t(done.fetched), await problemReportOf(ctx, authOf(request).userId, body.transaction_id));
    },
  );

  app.post(
    '/api/problem-reports/create',
    {
      schema: routeDoc({
        summary: 'Report a problem on a transaction: a case number, acknowledged by e-mail',
        tags: ['problem reports'],
        auth: true,
        body: createBody,
        success: 201,
        data: ProblemReport,
        errors: [404, 409, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'problemReports', byAccount)],
    },
    async (request, reply) => {
      const body = createBody.parse(request.body);
      const report = await reportProblem(ctx, authOf(request).userId, {
        transactionId: body.transaction_id,
        reason: body.reason,
        note: body.note,
      });
      reply.status(201);
      return success(t(done.received, { number: report.case_number }), report);
    },
  );
}
