import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { STAFF_ROLES, type StaffRole } from '../../../core/console';
import { email, positiveId, requestBody, requiredText } from '../../routes/fields';
import { success } from '../../routes/envelope';
import type { AppContext } from '../../services/context';
import { actorOf } from '../guard';
import { listAudit } from '../services/audit';
import { createStaff, listStaff, resetStaff, updateStaff } from '../services/staffAccounts';

const role = z.enum(STAFF_ROLES as [StaffRole, ...StaffRole[]], { error: 'role must be support, finance or admin' });
const createBody = requestBody({ email: email('email is required'), name: requiredText('name', 'name is required', 100), role });
const updateBody = requestBody({ staff_id: positiveId('staff_id'), role: role.optional(), disabled: z.boolean({ error: 'disabled must be true or false' }).optional() });
const staffBody = requestBody({ staff_id: positiveId('staff_id') });
const isoTime = (field: string) => z.iso.datetime({ error: `${field} must be an ISO date and time`, offset: true }).optional();
const auditBody = requestBody({
  staff_id: positiveId('staff_id').optional(),
  action: z.string({ error: 'action must be text' }).trim().max(60, 'action is too long').regex(/^[a-z.-]*$/, 'action is words and dots, like money.approve').optional(),
  customer_id: positiveId('customer_id').optional(),
  from: isoTime('from'),
  to: isoTime('to'),
  before_id: positiveId('before_id').optional(),
});

/** Admin: staff accounts and the audit. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext, consoleUrl: string) {
  app.post('/ops/api/staff/list', { config: { access: { permission: 'staff.manage' } } }, async () => success('staff', await listStaff(ctx)));

  app.post('/ops/api/staff/create', { config: { access: { permission: 'staff.manage' } } }, async (request, reply) => {
    const body = createBody.parse(request.body);
    reply.status(201);
    return success('account created: hand the invitation link to its owner', await createStaff(ctx, actorOf(request), body, consoleUrl));
  });

  app.post('/ops/api/staff/update', { config: { access: { permission: 'staff.manage' } } }, async (request) => {
    const body = updateBody.parse(request.body);
    return success('account updated: its sessions have ended', await updateStaff(ctx, actorOf(request), BigInt(body.staff_id), { role: body.role, disabled: body.disabled }));
  });

  app.post('/ops/api/staff/reset', { config: { access: { permission: 'staff.manage' } } }, async (request) => {
    const body = staffBody.parse(request.body);
    return success('account reset: hand the new invitation link to its owner', await resetStaff(ctx, actorOf(request), BigInt(body.staff_id), consoleUrl));
  });

  app.post('/ops/api/audit/list', { config: { access: { permission: 'audit.read' } } }, async (request) => success('audit', await listAudit(ctx, auditBody.parse(request.body ?? {}))));
}
