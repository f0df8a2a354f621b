import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  STAFF_ROLES,
  type StaffChangeKind,
  type StaffMember,
  type StaffOutcome,
  type StaffRole,
} from '../../../core/console';
import { must } from '../../errors';
import { email, positiveId, requestBody, requiredText } from '../../http/fields';
import { success } from '../../http/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from './guard';
import { auditedRead, listAudit } from '../services/audit';
import { listStaff } from '../services/staffAccounts';
import {
  approveStaffChange,
  cancelStaffChange,
  inviteStaff,
  listStaffChanges,
  rejectStaffChange,
  resetByAdmin,
  updateByAdmin,
} from '../services/staffChanges';
import type { RelyingParty } from '../../config';
import { secondFactor, writing } from './fields';
import { factorOf } from './passkeys';

const role = z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { error: 'role must be support, finance or admin' });
const createBody = requestBody({
  email: email('email is required'),
  name: requiredText('name', 'name is required', 100),
  role,
});
const updateBody = requestBody({
  staff_id: positiveId('staff_id'),
  role: role.optional(),
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
});
const staffBody = requestBody({ staff_id: positiveId('staff_id') });
const changeBody = requestBody({ change_id: positiveId('change_id') });
const approveBody = requestBody({ change_id: positiveId('change_id'), ...secondFactor });
const rejectBody = requestBody({ change_id: positiveId('change_id'), note: writing('note', 3, 500) });
const isoTime = (field: string) =>
  z.iso.datetime({ error: `${field} must be an ISO date and time`, offset: true }).optional();
const auditBody = requestBody({
  staff_id: positiveId('staff_id').optional(),
  action: z
    .string({ error: 'action must be text' })
    .trim()
    .max(60, 'action is too long')
    .regex(/^[a-z.-]*$/, 'action is words and dots, like money.approve')
    .optional(),
  customer_id: positiveId('customer_id').optional(),
  from: isoTime('from'),
  to: isoTime('to'),
  before_id: positiveId('before_id').optional(),
});

/** What waits for the second admin's approval. */
const WAITS_FOR: Record<StaffChangeKind, string> = {
  create: 'the account exists',
  reset: 'the account is reset',
  raise: 'the role changes',
};

/** What staffChanges answers once an action is done rather than asked: the account as it now is. */
const DONE_HAS_ACCOUNT = 'a staff action done, not waiting for approval, answers its account';

/** The answer to an admin's staff action: done (201 for a new account), or asked of a second admin (202). */
function answered(reply: FastifyReply, outcome: StaffOutcome, done: (email: string) => string, status = 200) {
  const { change } = outcome;
  if (change?.status === 'pending') {
    reply.status(202);
    return success(`asked: another admin must approve it before ${WAITS_FOR[change.kind]}`, outcome);
  }
  reply.status(status);
  return success(done(must(outcome.staff, DONE_HAS_ACCOUNT).email), outcome);
}

const APPROVED: Record<StaffChangeKind, (staff: StaffMember) => string> = {
  create: (staff) => `approved: account created, invitation sent to ${staff.email}`,
  reset: (staff) => `approved: account reset, a new invitation was sent to ${staff.email}`,
  raise: (staff) => `approved: ${staff.email} is now ${staff.role}, and its sessions have ended`,
};

/** Admin: staff accounts, the changes that need a second admin, and the audit. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext, consoleUrl: string, rp: RelyingParty) {
  app.post('/ops/api/staff/list', { config: { access: { permission: 'staff.manage' } } }, async (request) =>
    success('staff', await auditedRead(ctx, actorOf(request), { action: 'staff.list' }, (tx) => listStaff(tx))),
  );

  app.post('/ops/api/staff/create', { config: { access: { permission: 'staff.manage' } } }, async (request, reply) => {
    const body = createBody.parse(request.body);
    const outcome = await inviteStaff(ctx, actorOf(request), body, consoleUrl);
    return answered(reply, outcome, (to) => `account created: invitation sent to ${to}`, 201);
  });

  app.post('/ops/api/staff/update', { config: { access: { permission: 'staff.manage' } } }, async (request, reply) => {
    const body = updateBody.parse(request.body);
    const change = { role: body.role, disabled: body.disabled };
    const outcome = await updateByAdmin(ctx, actorOf(request), BigInt(body.staff_id), change);
    return answered(reply, outcome, () => 'account updated: its sessions have ended');
  });

  app.post('/ops/api/staff/reset', { config: { access: { permission: 'staff.manage' } } }, async (request, reply) => {
    const body = staffBody.parse(request.body);
    const outcome = await resetByAdmin(ctx, actorOf(request), BigInt(body.staff_id), consoleUrl);
    return answered(reply, outcome, (to) => `account reset: a new invitation was sent to ${to}`);
  });

  // The changes that wait for a second admin: any admin may see and decide them, none their own.
  const manage = { config: { access: { permission: 'staff.manage' as const } } };
  app.post('/ops/api/staff/changes/list', manage, async (request) =>
    success('staff changes', await auditedRead(ctx, actorOf(request), { action: 'staff.changes' }, listStaffChanges)),
  );

  app.post('/ops/api/staff/changes/approve', manage, async (request) => {
    const body = approveBody.parse(request.body);
    const proof = await factorOf(ctx, rp, request, body);
    const outcome = await approveStaffChange(ctx, actorOf(request), BigInt(body.change_id), proof, consoleUrl);
    const change = must(outcome.change, 'an approval answers the change it approved');
    return success(APPROVED[change.kind](must(outcome.staff, DONE_HAS_ACCOUNT)), outcome);
  });

  app.post('/ops/api/staff/changes/reject', manage, async (request) => {
    const body = rejectBody.parse(request.body);
    const rejected = await rejectStaffChange(ctx, actorOf(request), BigInt(body.change_id), body.note);
    return success('turned down: nothing changed', rejected);
  });

  app.post('/ops/api/staff/changes/cancel', manage, async (request) => {
    const body = changeBody.parse(request.body);
    const withdrawn = await cancelStaffChange(ctx, actorOf(request), BigInt(body.change_id));
    return success('withdrawn: nothing changed', withdrawn);
  });

  app.post('/ops/api/audit/list', { config: { access: { permission: 'audit.read' } } }, async (request) =>
    success('audit', await listAudit(ctx, actorOf(request), auditBody.parse(request.body ?? {}))),
  );
}
