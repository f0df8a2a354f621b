import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import { PASSKEY_NAME_MAX_LENGTH, PasskeyAnswer } from '../../../core/passkeys';
import type { RelyingParty } from '../../config';
import { AppError } from '../../errors';
import { success } from '../../http/envelope';
import { positiveId, requestBody, requiredText } from '../../http/fields';
import type { PasskeyRefused } from '../../services/account/passkeyCeremonies';
import type { AppContext } from '../../services/context';
import { staffOf } from './guard';
import { recordAudit } from '../services/audit';
import type { FactorProof } from '../services/secondFactor';
import { signInWithPasskey } from '../services/signIn';
import {
  addStaffPasskey,
  listStaffPasskeys,
  removeStaffPasskey,
  startStaffPasskey,
  startStaffPasskeyUse,
  staffPasskeyConfirms,
} from '../services/staffPasskeys';

const addBody = PasskeyAnswer.extend({
  name: requiredText('name', 'please give the passkey a name', PASSKEY_NAME_MAX_LENGTH).default('Passkey'),
});
const removeBody = requestBody({ passkey_id: positiveId('passkey_id') });

/**
 * The code or the passkey a maker's or checker's re-authentication came with: a passkey is
 * checked here, before the work's transaction, so its challenge stays spent; a refused one is
 * audited with its reason (and counted as a wrong code by the work's `reauthenticated`).
 */
export async function factorOf(
  ctx: AppContext,
  rp: RelyingParty,
  request: FastifyRequest,
  body: { code?: string; passkey?: z.infer<typeof PasskeyAnswer> },
): Promise<FactorProof> {
  if (body.passkey) {
    const session = staffOf(request);
    let why: PasskeyRefused | null = null;
    const passkeyConfirmed = await staffPasskeyConfirms(ctx, rp, session, body.passkey, (r) => void (why = r));
    const reason = (why as PasskeyRefused | null)?.reason;
    if (reason) {
      const actor = { staffId: session.staffId, email: session.email, address: request.ip };
      const record = { action: 'session.passkey-refused', subject: `staff:${session.staffId}`, after: { reason } };
      await ctx.db.transaction().execute((trx) => recordAudit({ ...ctx, db: trx }, actor, record));
      if (reason === 'counter-went-back') request.log.warn({ reason }, 'staff passkey refused: its counter went back');
    }
    return { passkeyConfirmed };
  }
  if (body.code === undefined) throw new AppError(422, 'code is required');
  return body.code;
}

/** A staff member's passkeys: adding, listing and removing them, and signing in with one. */
export function registerStaffPasskeyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  rp: RelyingParty,
  attempts: preHandlerHookHandler,
) {
  const own = { config: { access: { permission: 'glance.read' as const } } };
  // The address's limit of the password and code steps (routes/session.ts), counted with them.
  const halfOpen = { config: { access: { stage: 'second-factor' as const } }, preHandler: attempts };

  app.post('/ops/api/passkeys/list', own, async (request) =>
    success('passkeys', await listStaffPasskeys(ctx, staffOf(request).staffId)),
  );
  app.post('/ops/api/passkeys/add/start', own, async (request) =>
    success('confirm with your screen lock', await startStaffPasskey(ctx, rp, staffOf(request))),
  );
  app.post('/ops/api/passkeys/add', own, async (request) => {
    const body = addBody.parse(request.body);
    const actor = { session: staffOf(request), address: request.ip };
    return success('passkey added', await addStaffPasskey(ctx, rp, actor, body, body.name));
  });
  app.post('/ops/api/passkeys/remove', own, async (request) => {
    const body = removeBody.parse(request.body);
    await removeStaffPasskey(ctx, { session: staffOf(request), address: request.ip }, BigInt(body.passkey_id));
    return success('passkey removed');
  });
  app.post('/ops/api/passkeys/confirm/start', own, async (request) =>
    success('confirm with your screen lock', await startStaffPasskeyUse(ctx, rp, staffOf(request))),
  );

  app.post('/ops/api/sign-in/passkey/start', halfOpen, async (request) =>
    success('confirm with your screen lock', await startStaffPasskeyUse(ctx, rp, staffOf(request))),
  );
  app.post('/ops/api/sign-in/passkey', halfOpen, async (request) => {
    const body = PasskeyAnswer.parse(request.body);
    return success('signed in', await signInWithPasskey(ctx, rp, staffOf(request), body, request.ip));
  });
}
