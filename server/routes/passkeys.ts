import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { UserData } from '../../core/contract';
import * as messages from '../../core/messages';
import { Passkey, PasskeyAnswer, PasskeyCeremony, PASSKEY_NAME_MAX_LENGTH } from '../../core/passkeys';
import type { RateLimits, RelyingParty } from '../config';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { device, deviceId, positiveId, requestBody, requiredText, RULES, saying, text } from '../http/fields';
import { noFields, routeDoc } from '../http/openapi';
import { byAccount, byAddress, limitRequests } from '../http/rateLimits';
import { PasskeyRefused } from '../services/account/passkeyCeremonies';
import type { Session } from '../services/account/sessions';
import {
  addPasskey,
  confirmedByPasskey,
  listPasskeys,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
  startAddingPasskey,
  startPasskeyConfirmation,
  startPasskeySignIn,
} from '../services/account/passkeys';
import { LOGGED_IN } from '../services/account/accounts';
import { loadUserData } from '../services/account/userData';
import type { AppContext } from '../services/context';

export interface PasskeyRouteDeps {
  ctx: AppContext;
  /** Where the app's passkeys belong and are used (config `passkeys`). */
  rp: RelyingParty;
  limits: RateLimits;
}

const passkeyName = requiredText(
  'name',
  /*i18n*/ { id: 'passkey.field.name', message: 'please give the passkey a name' },
  PASSKEY_NAME_MAX_LENGTH,
);
const startBody = requestBody({
  // Any length: it is only compared, and the password rules may have changed since sign-up.
  password: text('password', messages.fillForm)
    .min(1, saying(messages.fillForm))
    .max(1024, saying(RULES.tooLong, { field: 'password' })),
});
const addBody = PasskeyAnswer.extend({ name: passkeyName.default('Passkey'), device_id: deviceId });
const renameBody = requestBody({ passkey_id: positiveId('passkey_id'), name: passkeyName });
const removeBody = requestBody({ passkey_id: positiveId('passkey_id') });
const signInBody = PasskeyAnswer.extend({ device, device_id: deviceId });

/** Logged, never answered: why a passkey was refused. A counter that went back is a copied key's. */
export function logPasskeyRefusal(log: FastifyBaseLogger, refusal: PasskeyRefused) {
  const fields = { reason: refusal.reason, passkeyId: refusal.passkeyId?.toString() ?? null };
  if (refusal.reason === 'counter-went-back') log.warn(fields, 'passkey refused: its signature counter went back');
  else log.info(fields, 'passkey refused');
}

/** Whether a purchase's or a schedule's passkey answer confirms it; a refusal is logged (and counted by the caller). */
export const passkeyConfirms = (
  ctx: AppContext,
  rp: RelyingParty,
  session: Session,
  answer: PasskeyAnswer,
  log: FastifyBaseLogger,
) => confirmedByPasskey(ctx, rp, session, answer, (refusal) => logPasskeyRefusal(log, refusal));

/**
 * Passkeys (services/account/passkeys.ts): the profile's list, adding one with the password,
 * renaming and removing, and signing in with one. Confirming a purchase or a schedule starts
 * here (`/api/passkeys/confirm/start`) and finishes in the purchase's or the schedule's own call.
 */
/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  listed: /*i18n*/ { id: 'passkey.done.listed', message: 'passkeys' },
  // Before the device's own prompt, adding a passkey or confirming with one.
  confirm: /*i18n*/ { id: 'passkey.done.confirm', message: 'confirm with your screen lock' },
  added: /*i18n*/ { id: 'passkey.done.added', message: 'passkey added' },
  renamed: /*i18n*/ { id: 'passkey.done.renamed', message: 'passkey renamed' },
  removed: /*i18n*/ { id: 'passkey.done.removed', message: 'passkey removed' },
  choose: /*i18n*/ { id: 'passkey.done.choose', message: 'choose your passkey' },
};

export function registerPasskeyRoutes(app: FastifyInstance, { ctx, rp, limits }: PasskeyRouteDeps) {
  const session = requireSession(ctx);
  const managed = [session, limitRequests(app, limits, 'passkeys', byAccount)];
  const signIn = limitRequests(app, limits, 'passkeySignIn', byAddress);
  const doc = (summary: string, more: Omit<Parameters<typeof routeDoc>[0], 'summary' | 'tags'>) =>
    routeDoc({ summary, tags: ['passkeys'], ...more });

  app.post(
    '/api/passkeys/list',
    {
      schema: doc("The account's passkeys", { auth: true, body: noFields, data: z.array(Passkey), errors: [429] }),
      preHandler: managed,
    },
    async (request) => success(t(done.listed), await listPasskeys(ctx, authOf(request).userId)),
  );

  app.post(
    '/api/passkeys/add/start',
    {
      schema: doc('Start adding a passkey (the account password first)', {
        auth: true,
        body: startBody,
        data: PasskeyCeremony,
        errors: [400, 409, 422, 429],
      }),
      preHandler: managed,
    },
    async (request) => {
      const { password } = startBody.parse(request.body);
      return success(t(done.confirm), await startAddingPasskey(ctx, rp, authOf(request), password));
    },
  );

  app.post(
    '/api/passkeys/add',
    {
      schema: doc('Finish adding a passkey (the owner is e-mailed)', {
        auth: true,
        body: addBody,
        data: Passkey,
        errors: [400, 403, 409, 422, 429],
      }),
      preHandler: managed,
    },
    async (request) => {
      const body = addBody.parse(request.body);
      const form = { name: body.name, deviceId: body.device_id };
      const added = await addPasskey(ctx, rp, authOf(request), body, form).catch((error: unknown) => {
        if (error instanceof PasskeyRefused) logPasskeyRefusal(request.log, error);
        throw error;
      });
      return success(t(done.added), added);
    },
  );

  app.post(
    '/api/passkeys/rename',
    {
      schema: doc('Rename a passkey', { auth: true, body: renameBody, data: Passkey, errors: [404, 422, 429] }),
      preHandler: managed,
    },
    async (request) => {
      const body = renameBody.parse(request.body);
      const renamed = await renamePasskey(ctx, authOf(request).userId, BigInt(body.passkey_id), body.name);
      return success(t(done.renamed), renamed);
    },
  );

  app.post(
    '/api/passkeys/remove',
    {
      schema: doc('Remove a passkey (the owner is e-mailed)', {
        auth: true,
        body: removeBody,
        errors: [404, 422, 429],
      }),
      preHandler: managed,
    },
    async (request) => {
      const body = removeBody.parse(request.body);
      await removePasskey(ctx, authOf(request).userId, BigInt(body.passkey_id));
      return success(t(done.removed));
    },
  );

  app.post(
    '/api/passkeys/sign-in/start',
    {
      schema: doc('Start signing in with a passkey', { body: noFields, data: PasskeyCeremony, errors: [429] }),
      preHandler: signIn,
    },
    async () => success(t(done.choose), await startPasskeySignIn(ctx, rp)),
  );

  app.post(
    '/api/passkeys/sign-in',
    {
      schema: doc('Sign in with a passkey', { body: signInBody, data: UserData, errors: [400, 403, 422, 423, 429] }),
      preHandler: signIn,
    },
    async (request) => {
      const body = signInBody.parse(request.body);
      const client = { device: body.device, deviceId: body.device_id };
      const signedIn = await signInWithPasskey(ctx, rp, body, client).catch((error: unknown) => {
        if (error instanceof PasskeyRefused) logPasskeyRefusal(request.log, error);
        throw error;
      });
      return success(t(LOGGED_IN), await loadUserData(ctx, signedIn.userId, signedIn.token));
    },
  );

  app.post(
    '/api/passkeys/confirm/start',
    {
      schema: doc('Start confirming a purchase or a schedule with a passkey', {
        auth: true,
        body: noFields,
        data: PasskeyCeremony,
        errors: [409, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'purchase', byAccount)],
    },
    async (request) => success(t(done.confirm), await startPasskeyConfirmation(ctx, rp, authOf(request))),
  );
}
