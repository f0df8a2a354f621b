import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { StatementSummary } from '../../core/contract';
import { koboToNaira } from '../../core/money';
import { lagosDayStart } from '../../core/days';
import type { RateLimits } from '../config';
import type { AppContext } from '../services/context';
import { buildStatement, type Statement } from '../services/statements/ledgerStatement';
import { statementCsv } from '../services/statements/statementCsv';
import { statementPdf } from '../services/statements/statementPdf';
import { authOf, requireSession } from './authenticate';
import { success } from './envelope';
import { routeDoc } from './openapi';
import { requestBody } from './fields';
import { byAccount, limitRequests } from './rateLimits';

const day = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `please choose the ${field} date` : `${field} must be a date (YYYY-MM-DD)`) })
    .refine((value) => lagosDayStart(value) !== null, `${field} must be a date (YYYY-MM-DD)`);

const periodShape = { from: day('from'), to: day('to') };
const summaryBody = requestBody(periodShape);
const downloadBody = requestBody({ ...periodShape, format: z.enum(['csv', 'pdf'], { error: 'format must be csv or pdf' }) });

const summaryOf = (statement: Statement): StatementSummary => ({
  from: statement.from,
  to: statement.to,
  opening_balance: koboToNaira(statement.openingKobo),
  total_credits: koboToNaira(statement.creditsKobo),
  total_debits: koboToNaira(statement.debitsKobo),
  closing_balance: koboToNaira(statement.closingKobo),
  entries: statement.lines.length,
});

/**
 * Statements of the caller's wallet (issue 12). The download is a POST with the session in the
 * Authorization header like every other call, never a link carrying the token: the app turns
 * the answer into a file itself. Refusals answer the usual JSON envelope.
 */
export function registerStatementRoutes(app: FastifyInstance, { ctx, limits }: { ctx: AppContext; limits: RateLimits }) {
  const session = requireSession(ctx);
  // One budget for both calls: each reads a range of the ledger, and a download may draw a PDF.
  const limited = { preHandler: [session, limitRequests(app, limits, 'statements', byAccount)] };

  app.post('/api/statements/summary', { ...limited, schema: routeDoc({ summary: 'Opening balance, credits, debits and closing balance of a date range', tags: ['statements'], auth: true, errors: [422, 429] }) }, async (request) => {
    const body = summaryBody.parse(request.body);
    return success('statement summary fetched successfully', summaryOf(await buildStatement(ctx, authOf(request).userId, body.from, body.to)));
  });

  app.post('/api/statements/download', { ...limited, schema: routeDoc({ summary: 'The statement of a date range as CSV or PDF (the file, not an envelope)', tags: ['statements'], auth: true, errors: [422, 429] }) }, async (request, reply) => {
    const body = downloadBody.parse(request.body);
    const statement = await buildStatement(ctx, authOf(request).userId, body.from, body.to);
    const name = `naira-wallet-statement-${body.from}-to-${body.to}.${body.format}`;
    reply.header('Content-Disposition', `attachment; filename="${name}"`);
    if (body.format === 'csv') return reply.type('text/csv; charset=utf-8').send(statementCsv(statement));
    return reply.type('application/pdf').send(await statementPdf(statement));
  });
}
