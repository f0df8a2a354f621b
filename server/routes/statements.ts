import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { StatementSummary } from '../../core/contract';
import { koboToNaira } from '../../core/money';
import { lagosDayStart } from '../../core/days';
import type { RateLimits } from '../config';
import type { AppContext } from '../services/context';
import { DocumentSlots } from '../services/records/statements/documentSlots';
import { readStatement, type StatementHeader } from '../services/records/statements/ledgerStatement';
import { openStatementDocument } from '../services/records/statements/statementDocument';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { routeDoc } from '../http/openapi';
import { requestBody, saying } from '../http/fields';
import { byAccount, limitRequests } from '../http/rateLimits';

/** The rules only a statement has: said in the request's language when broken. */
const STATEMENT_FIELDS = {
  chooseDate: /*i18n*/ { id: 'statements.field.chooseDate', message: 'please choose the {field} date' },
  date: /*i18n*/ { id: 'statements.field.date', message: '{field} must be a date (YYYY-MM-DD)' },
  format: /*i18n*/ { id: 'statements.field.format', message: 'format must be csv or pdf' },
};

const day = (field: string) => {
  const notADate = saying(STATEMENT_FIELDS.date, { field });
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? t(STATEMENT_FIELDS.chooseDate, { field })
          : notADate.error(),
    })
    .refine((value) => lagosDayStart(value) !== null, notADate);
};

const periodShape = { from: day('from'), to: day('to') };
const summaryBody = requestBody(periodShape);
const downloadBody = requestBody({
  ...periodShape,
  format: z.enum(['csv', 'pdf'], saying(STATEMENT_FIELDS.format)),
});

const summaryOf = (statement: StatementHeader): StatementSummary => ({
  from: statement.from,
  to: statement.to,
  opening_balance: koboToNaira(statement.openingKobo),
  total_credits: koboToNaira(statement.creditsKobo),
  total_debits: koboToNaira(statement.debitsKobo),
  closing_balance: koboToNaira(statement.closingKobo),
  entries: statement.entries,
});

/**
 * Statements of the caller's wallet. The download is a POST with the session in the
 * Authorization header like every other call, never a link carrying the token: the app turns
 * the answer into a file itself. Refusals answer the usual JSON envelope; a file is streamed
 * as it is made (services/statements/statementDocument.ts).
 */
/** What this module's call answers, said in the request's language when answered. */
const done = {
  summary: /*i18n*/ { id: 'statements.done.summary', message: 'statement summary fetched successfully' },
};

export function registerStatementRoutes(
  app: FastifyInstance,
  { ctx, limits }: { ctx: AppContext; limits: RateLimits },
) {
  const session = requireSession(ctx);
  // One budget for both calls: each reads a range of the ledger, and a download may draw a PDF.
  const limited = { preHandler: [session, limitRequests(app, limits, 'statements', byAccount)] };
  const slots = new DocumentSlots();

  app.post(
    '/api/statements/summary',
    {
      ...limited,
      schema: routeDoc({
        summary: 'Opening balance, credits, debits and closing balance of a date range',
        tags: ['statements'],
        auth: true,
        body: summaryBody,
        data: StatementSummary,
        errors: [422, 429],
      }),
    },
    async (request) => {
      const body = summaryBody.parse(request.body);
      return success(t(done.summary), summaryOf(await readStatement(ctx, authOf(request).userId, body.from, body.to)));
    },
  );

  app.post(
    '/api/statements/download',
    {
      ...limited,
      schema: routeDoc({
        summary: 'The statement of a date range as CSV or PDF (the file, not an envelope)',
        tags: ['statements'],
        auth: true,
        body: downloadBody,
        file: ['text/csv', 'application/pdf'],
        errors: [422, 429, 503],
      }),
    },
    async (request, reply) => {
      const body = downloadBody.parse(request.body);
      const document = await openStatementDocument(ctx, slots, authOf(request).userId, body);
      reply.header('Content-Disposition', `attachment; filename="${document.fileName}"`);
      return reply.type(document.contentType).send(document.body);
    },
  );
}
