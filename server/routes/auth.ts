import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LoginRefusal, LoginResetRequired, PinKept, ResetLinkStatus, UserData } from '../../core/contract';
import { OTP_LENGTH } from '../../core/limits';
import * as messages from '../../core/messages';
import { SESSION_EXPIRED } from '../../core/words/session';
import type { RateLimits } from '../config';
import { AppError } from '../errors';
import type { CaptchaVerifier } from '../gateways/captcha';
import type { Mail } from '../gateways/mailer';
import { LOGGED_IN, login, register } from '../services/account/accounts';
import type { AppContext } from '../services/context';
import { queueMail } from '../services/notifications/outbox';
import { sendVerificationCode, verifyEmailCode } from '../services/account/otp';
import { INVALID_NOT_ME_LINK, NOT_ME_DONE, reportNotMe } from '../services/account/credentialAlerts';
import {
  FORGOT_ANSWER,
  INVALID_RESET_LINK,
  findResetLink,
  requestPasswordReset,
  resetLinkStatus,
  resetPassword,
  setPinWithResetLink,
} from '../services/account/passwordReset';
import { checkNewPassword } from '../services/account/passwordPolicy';
import { PIN_MISMATCH, setFirstPin } from '../services/account/pins';
import { AUTHORISATION_FAILED, resumeSession, revokeSession } from '../services/account/sessions';
import { loadUserData } from '../services/account/userData';
import { authOf, bearerToken, requireSession, speakFor } from '../http/authenticate';
import { success } from '../http/envelope';
import { currentContext } from '../http/requestContext';
import { t } from '../i18n';
import { noFields, routeDoc } from '../http/openapi';
import {
  captchaToken,
  device,
  deviceId,
  email,
  language,
  password,
  phone,
  pin,
  requestBody,
  requiredText,
  saying,
  text,
  RULES,
} from '../http/fields';
import { requireHuman } from './humanCheck';
import { addressKey, byAccount, byAddress, byAddressAndEmail, limitRequests } from '../http/rateLimits';

/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  registered: /*i18n*/ { id: 'auth.done.registered', message: 'registration successful' },
  loggedOut: /*i18n*/ { id: 'auth.done.loggedOut', message: 'you have been logged out' },
  codeSent: /*i18n*/ { id: 'auth.done.codeSent', message: 'a verification code has been sent to your email' },
  emailVerified: /*i18n*/ { id: 'auth.done.emailVerified', message: 'email verified successfully' },
  pinSet: /*i18n*/ { id: 'auth.done.pinSet', message: 'pin set successfully' },
  linkChecked: /*i18n*/ { id: 'auth.done.linkChecked', message: 'reset link checked' },
  passwordReset: /*i18n*/ { id: 'auth.done.passwordReset', message: 'password reset successful' },
};

export interface AuthRouteDeps {
  ctx: AppContext;
  captcha: CaptchaVerifier;
  limits: RateLimits;
}

const registerBody = requestBody({
  device,
  device_id: deviceId,
  name: requiredText('name', messages.fillForm, 100),
  email: email(messages.fillForm),
  phone: phone(messages.fillForm),
  password: password('password', messages.fillForm),
  confirm_password: text('confirm password', messages.fillForm).min(1, saying(messages.fillForm)),
  token: captchaToken,
  /** The language the browser chose; the request's Accept-Language when absent. */
  language: language.optional(),
}).refine((body) => body.password === body.confirm_password, {
  ...saying(messages.passwordsMustMatch),
  path: ['confirm_password'],
});

const loginBody = requestBody({
  device,
  device_id: deviceId,
  email: email(messages.fillForm),
  // Any length: a login only compares, and the password rules may have changed since sign-up.
  password: text('password', messages.fillForm)
    .min(1, saying(messages.fillForm))
    .max(1024, saying(RULES.tooLong, { field: 'password' })),
  // Needed only after repeated failures (services/loginThrottle.ts).
  token: captchaToken,
});

const forgotBody = requestBody({ device, email: email(messages.enterEmail), token: captchaToken });

const resetBody = requestBody({
  new_password: password('new password', messages.enterNewPassword),
  confirm_new_password: text('confirm new password', messages.enterNewPassword).min(
    1,
    saying(messages.enterNewPassword),
  ),
}).refine((body) => body.new_password === body.confirm_new_password, {
  ...saying(messages.passwordMismatch),
  path: ['confirm_new_password'],
});

const verifyOtpBody = requestBody({
  otp: text('otp', messages.enterOtp).regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), saying(messages.enterOtp)),
});

const setPinBody = requestBody({
  pin: pin('pin', messages.allFormFieldsRequired),
  confirm_pin: pin('confirm pin', messages.allFormFieldsRequired),
}).refine((body) => body.pin === body.confirm_pin, { ...saying(PIN_MISMATCH), path: ['confirm_pin'] });

/** Signing up, in and out, verifying the e-mail, setting the first pin, and recovering an account. */
export function registerAuthRoutes(app: FastifyInstance, { ctx, captcha, limits }: AuthRouteDeps) {
  const session = requireSession(ctx);

  app.post(
    '/api/register',
    {
      schema: routeDoc({
        summary: 'Sign up (signed in at once)',
        tags: ['account'],
        body: registerBody,
        success: 201,
        data: UserData,
        errors: [400, 403, 409, 422, 429, 502],
      }),
      preHandler: limitRequests(app, limits, 'register', byAddress),
    },
    async (request, reply) => {
      const body = registerBody.parse(request.body);
      // Before the captcha: a refused password should not spend the token.
      await checkNewPassword(body.password, body);
      await requireHuman(captcha, 'register', body.token, request);
      const signedIn = await register(ctx, body, { device: body.device, deviceId: body.device_id });
      const context = currentContext();
      if (context) context.locale = signedIn.language;
      return reply
        .code(201)
        .send(success(t(done.registered), await loadUserData(ctx, signedIn.userId, signedIn.token)));
    },
  );

  const throttle = { captcha, addressLimit: limits.loginFailures };
  app.post(
    '/api/login',
    {
      schema: routeDoc({
        summary: 'Log in',
        tags: ['account'],
        body: loginBody,
        data: UserData,
        errors: [401, 403, 422, 423, 429, 502],
        errorData: { 403: LoginRefusal, 429: LoginResetRequired },
      }),
      preHandler: limitRequests(app, limits, 'login', byAddressAndEmail),
    },
    async (request) => {
      const body = loginBody.parse(request.body);
      const attempt = { ...body, deviceId: body.device_id, address: addressKey(request.ip), ip: request.ip };
      // Not awaited: waiting to queue it would reveal, by the answer time, that the account exists.
      const notify = (mail: Mail) =>
        void queueMail(ctx, { kind: 'failed-logins', mail }).catch((error: unknown) =>
          request.log.error({ err: error }, 'failed logins mail not queued'),
        );
      const signedIn = await login(ctx, throttle, attempt, notify);
      return success(t(LOGGED_IN), await loadUserData(ctx, signedIn.userId, signedIn.token));
    },
  );

  app.post(
    '/api/logout',
    {
      schema: routeDoc({
        summary: 'Log out (ends this session)',
        tags: ['account'],
        auth: true,
        body: noFields,
        errors: [429],
      }),
      preHandler: [session, limitRequests(app, limits, 'logout', byAccount)],
    },
    async (request) => {
      await revokeSession(ctx, authOf(request).id);
      return success(t(done.loggedOut));
    },
  );

  app.post(
    '/api/resend-otp',
    {
      schema: routeDoc({
        summary: 'E-mail a new verification code',
        tags: ['account'],
        auth: true,
        body: noFields,
        errors: [409, 429, 502],
      }),
      preHandler: [session, limitRequests(app, limits, 'resendOtp', byAccount)],
    },
    async (request) => {
      await sendVerificationCode(ctx, authOf(request).userId);
      // The address is already on the verify screen; repeating it in the toast would show it twice.
      return success(t(done.codeSent));
    },
  );

  app.post(
    '/api/verify-otp',
    {
      schema: routeDoc({
        summary: 'Verify the e-mail with its code',
        tags: ['account'],
        auth: true,
        body: verifyOtpBody,
        data: UserData,
        errors: [400, 409, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'verifyOtp', byAccount)],
    },
    async (request) => {
      const { otp } = verifyOtpBody.parse(request.body);
      const { userId, token } = authOf(request);
      await verifyEmailCode(ctx, userId, otp);
      return success(t(done.emailVerified), await loadUserData(ctx, userId, token));
    },
  );

  /**
   * The bearer is a session (first pin after verifying the e-mail) or a reset link at its
   * last stage (new pin after a password reset, answered with a new session's token).
   */
  async function setPinBearer(request: FastifyRequest) {
    const token = bearerToken(request);
    const signedIn = token ? await resumeSession(ctx, token) : null;
    if (signedIn === 'expired') throw new AppError(401, SESSION_EXPIRED);
    if (token && signedIn) {
      speakFor(signedIn);
      return { token, userId: signedIn.userId, link: null };
    }
    const link = token ? await findResetLink(ctx, token) : null;
    if (!link) throw new AppError(401, AUTHORISATION_FAILED);
    return { token: null, userId: link.userId, link };
  }

  app.post(
    '/api/set-pin',
    {
      schema: routeDoc({
        summary:
          'Set the first transaction pin (bearer: a session, or a reset link at its last stage for an account ' +
          'without a pin)',
        tags: ['pin'],
        auth: true,
        body: setPinBody,
        data: UserData,
        errors: [400, 403, 409, 422, 429],
        errorData: { 409: PinKept },
      }),
      preHandler: limitRequests(app, limits, 'setPin', byAddress),
    },
    async (request) => {
      const bearer = await setPinBearer(request);
      const { pin } = setPinBody.parse(request.body);
      if (bearer.link) {
        const renewed = await setPinWithResetLink(ctx, bearer.link, pin);
        return success(t(done.pinSet), await loadUserData(ctx, renewed.userId, renewed.token));
      }
      await setFirstPin(ctx, bearer.userId, pin);
      return success(t(done.pinSet), await loadUserData(ctx, bearer.userId, bearer.token));
    },
  );

  app.post(
    '/api/forgot',
    {
      schema: routeDoc({
        summary: 'E-mail a password reset link',
        tags: ['account'],
        body: forgotBody,
        errors: [403, 422, 429, 502],
      }),
      preHandler: limitRequests(app, limits, 'forgot', byAddressAndEmail),
    },
    async (request) => {
      const body = forgotBody.parse(request.body);
      await requireHuman(captcha, 'forgot', body.token, request);
      const mail = await requestPasswordReset(ctx, body.email);
      // Not awaited: waiting for the mail server would reveal, by the answer time, that the account exists.
      if (mail)
        ctx.mailer
          .send(mail)
          .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not sent'));
      return success(t(FORGOT_ANSWER));
    },
  );

  /** Before /set-pin asks for a pin with a reset link: whether the account has one, which the link does not replace. */
  app.post(
    '/api/reset-link',
    {
      schema: routeDoc({
        summary: "A reset link at its last stage: whether its account already has a pin (bearer: the link's token)",
        tags: ['account'],
        auth: true,
        body: noFields,
        data: ResetLinkStatus,
        errors: [400, 429],
      }),
      preHandler: limitRequests(app, limits, 'setPin', byAddress),
    },
    async (request) => {
      const token = bearerToken(request);
      const link = token ? await findResetLink(ctx, token) : null;
      if (!link) throw new AppError(400, t(INVALID_RESET_LINK));
      return success(t(done.linkChecked), await resetLinkStatus(ctx, link));
    },
  );

  /**
   * "This wasn't me", from a credential-change e-mail (bearer: the link's token): every session
   * ends and the account locks until a password reset.
   */
  app.post(
    '/api/not-me',
    {
      schema: routeDoc({
        summary:
          "Report a credential change as not the owner's: sign out everywhere, lock until a password reset " +
          "(bearer: the e-mailed link's token)",
        tags: ['account'],
        auth: true,
        body: noFields,
        errors: [400, 429],
      }),
      preHandler: limitRequests(app, limits, 'reset', byAddress),
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw new AppError(400, t(INVALID_NOT_ME_LINK));
      await reportNotMe(ctx, token);
      return success(t(NOT_ME_DONE));
    },
  );

  /** The reset link's token is the bearer; /reset is public, so a dead link is 400, not an authorization failure. */
  app.post(
    '/api/reset',
    {
      schema: routeDoc({
        summary: "Choose a new password (bearer: the reset link's token)",
        tags: ['account'],
        auth: true,
        body: resetBody,
        errors: [400, 422, 429],
      }),
      preHandler: limitRequests(app, limits, 'reset', byAddress),
    },
    async (request) => {
      const body = resetBody.parse(request.body);
      const token = bearerToken(request);
      if (!token) throw new AppError(400, t(INVALID_RESET_LINK));
      await resetPassword(ctx, token, body.new_password);
      return success(t(done.passwordReset));
    },
  );
}
