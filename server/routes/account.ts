import type { FastifyInstance } from 'fastify';
import { messages } from '../../core/messages';
import type { RateLimits } from '../config';
import type { AppContext } from '../services/context';
import { changePin, PIN_MISMATCH } from '../services/pins';
import { changePassword, updateProfile } from '../services/profile';
import { loadUserData } from '../services/userData';
import { authOf, requireSession } from './authenticate';
import { success } from './envelope';
import { device, identityNumber, password, phone, pin, requestBody, requiredText, text } from './fields';
import { byAccount, limitRequests } from './rateLimits';

export interface AccountRouteDeps {
  ctx: AppContext;
  limits: RateLimits;
}

/** Unknown fields are ignored, `email` included: the address is the login and cannot be changed here. */
const updateProfileBody = requestBody({
  device,
  name: requiredText('name', messages.nameAndPhoneRequired, 100),
  phone: phone(messages.nameAndPhoneRequired),
  nin: identityNumber('nin'),
  bvn: identityNumber('bvn'),
});

const allRequired = (field: string) => text(field, messages.allFormFieldsRequired).min(1, messages.allFormFieldsRequired);

/** Every field present first (SPEC.md §5's message), then the match, then the password rules. */
const changePasswordBody = requestBody({
  old_password: allRequired('old password').max(1024, 'old password is too long'),
  new_password: allRequired('new password'),
  confirm_new_password: allRequired('confirm new password'),
}).superRefine((body, context) => {
  if (body.new_password !== body.confirm_new_password) {
    context.addIssue({ code: 'custom', message: messages.passwordsMustMatch, path: ['confirm_new_password'] });
    return;
  }
  const rules = password('new password', messages.allFormFieldsRequired).safeParse(body.new_password);
  if (!rules.success) context.addIssue({ code: 'custom', message: rules.error.issues[0].message, path: ['new_password'] });
});

/** Every box filled first, then four digits each, then the match (the set-pin message). */
const changePinBody = requestBody({
  old_pin: allRequired('old pin'),
  new_pin: allRequired('new pin'),
  confirm_new_pin: allRequired('confirm new pin'),
})
  .pipe(requestBody({ old_pin: pin('old pin', ''), new_pin: pin('new pin', ''), confirm_new_pin: pin('confirm new pin', '') }))
  .refine((body) => body.new_pin === body.confirm_new_pin, { message: PIN_MISMATCH, path: ['confirm_new_pin'] });

/** The profile, password and pin screens (SPEC.md §2 /profile, /password, /pin). */
export function registerAccountRoutes(app: FastifyInstance, { ctx, limits }: AccountRouteDeps) {
  const session = requireSession(ctx);

  app.post('/api/update-profile', { preHandler: session }, async (request) => {
    const { name, phone, nin, bvn } = updateProfileBody.parse(request.body);
    const { userId, token } = authOf(request);
    await updateProfile(ctx, userId, { name, phone, nin, bvn });
    return success('profile updated successfully', await loadUserData(ctx, userId, token));
  });

  app.post('/api/change-password', { preHandler: [session, limitRequests(app, limits, 'changePassword', byAccount)] }, async (request) => {
    const body = changePasswordBody.parse(request.body);
    const mail = await changePassword(ctx, authOf(request), body.old_password, body.new_password);
    ctx.mailer.send(mail).catch((error: unknown) => request.log.error({ err: error }, 'password change mail not sent'));
    return success('password changed successfully');
  });

  app.post('/api/change-pin', { preHandler: [session, limitRequests(app, limits, 'changePin', byAccount)] }, async (request) => {
    const body = changePinBody.parse(request.body);
    const { userId, token } = authOf(request);
    await changePin(ctx, userId, body.old_pin, body.new_pin);
    return success('pin changed successfully', await loadUserData(ctx, userId, token));
  });
}
