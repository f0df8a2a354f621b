import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MONEY_REQUEST_KINDS } from '../../../core/console';
import { nairaAmount, positiveId, requestBody } from '../../http/fields';
import { success } from '../../http/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from './guard';
import { auditedRead, refusalsRecorded, type AuditRecord } from '../services/audit';
import {
  approveMoney,
  cancelMoney,
  GOODWILL_MAX_KOBO,
  listMoneyRequests,
  rejectMoney,
  requestMoney,
  type MoneyRules,
} from '../services/moneyRequests';
import type { StaffActor } from '../services/moneyRequests';
import { suspenseQueue } from '../services/suspenseQueue';
import type { RelyingParty } from '../../config';
import { reason, secondFactor, writing } from './fields';
import { factorOf } from './passkeys';

const KIND_INVALID = `kind must be ${MONEY_REQUEST_KINDS.slice(0, -1).join(', ')} or ${MONEY_REQUEST_KINDS.at(-1)}`;

const createBody = requestBody({
  kind: z.enum(MONEY_REQUEST_KINDS, { error: KIND_INVALID }),
  amount: nairaAmount('amount', GOODWILL_MAX_KOBO).optional(),
  customer_id: positiveId('customer_id').optional(),
  incoming_transfer_id: positiveId('incoming_transfer_id').optional(),
  reason,
  ...secondFactor,
});
const approveBody = requestBody({ request_id: positiveId('request_id'), ...secondFactor });
const rejectBody = requestBody({ request_id: positiveId('request_id'), note: writing('note', 3, 500) });
const requestBodyOnly = requestBody({ request_id: positiveId('request_id') });

const big = (value: number | undefined) => (value === undefined ? undefined : BigInt(value));
const decision = (action: string, requestId: number): AuditRecord => ({ action, subject: `request:${requestId}` });

/** Finance's money work: the suspense queue and maker-checker requests. */
export function registerMoneyRoutes(app: FastifyInstance, ctx: AppContext, rules: MoneyRules, rp: RelyingParty) {
  // A money rule's 403 (one's own request, a wrong code, a role below the approval) rolls its
  // transaction back: the attempt is recorded apart, before the refusal is answered.
  const attempt = <T>(request: FastifyRequest, record: AuditRecord, work: (actor: StaffActor) => Promise<T>) => {
    const actor = actorOf(request);
    return refusalsRecorded(ctx, actor, record, () => work(actor));
  };

  app.post('/ops/api/suspense/list', { config: { access: { permission: 'suspense.read' } } }, async (request) => {
    const queue = await auditedRead(ctx, actorOf(request), { action: 'suspense.list' }, suspenseQueue);
    return success('transfers in suspense', queue);
  });

  app.post('/ops/api/money/requests/list', { config: { access: { permission: 'money.request' } } }, async (request) => {
    const queue = (tx: AppContext) => listMoneyRequests(tx, { queue: true });
    const requests = await auditedRead(ctx, actorOf(request), { action: 'money.list' }, queue);
    return success('money requests', requests);
  });

  app.post(
    '/ops/api/money/requests/create',
    { config: { access: { permission: 'money.request' } } },
    async (request, reply) => {
      const body = createBody.parse(request.body);
      const [customerId, incomingTransferId] = [big(body.customer_id), big(body.incoming_transfer_id)];
      const asked = { kind: body.kind, amountKobo: body.amount, customerId, incomingTransferId, reason: body.reason };
      const proof = await factorOf(ctx, rp, request, body);
      const created = await attempt(request, { action: 'money.request', customerId }, (maker) =>
        requestMoney(ctx, maker, { ...asked, code: proof }, rules),
      );
      reply.status(201);
      return success('request recorded: another finance user must approve it before any money moves', created);
    },
  );

  app.post(
    '/ops/api/money/requests/approve',
    { config: { access: { permission: 'money.decide' } } },
    async (request) => {
      const body = approveBody.parse(request.body);
      const proof = await factorOf(ctx, rp, request, body);
      const approved = await attempt(request, decision('money.approve', body.request_id), (checker) =>
        approveMoney(ctx, checker, BigInt(body.request_id), proof, rules),
      );
      return success('approved: the money has moved', approved);
    },
  );

  app.post(
    '/ops/api/money/requests/reject',
    { config: { access: { permission: 'money.decide' } } },
    async (request) => {
      const body = rejectBody.parse(request.body);
      const rejected = await attempt(request, decision('money.reject', body.request_id), (checker) =>
        rejectMoney(ctx, checker, BigInt(body.request_id), body.note, rules),
      );
      return success('rejected: nothing moved', rejected);
    },
  );

  app.post(
    '/ops/api/money/requests/cancel',
    { config: { access: { permission: 'money.request' } } },
    async (request) => {
      const body = requestBodyOnly.parse(request.body);
      const cancelled = await attempt(request, decision('money.cancel', body.request_id), (maker) =>
        cancelMoney(ctx, maker, BigInt(body.request_id)),
      );
      return success('cancelled: nothing moved', cancelled);
    },
  );
}
