import type { FastifyInstance } from 'fastify';
import { UserData } from '../../core/contract';
import { OTP_LENGTH, PHONE_CODE_LENGTH } from '../../core/limits';
import * as messages from '../../core/messages';
import { phoneMessages } from '../../core/words/phone';
import type { RateLimits } from '../config';
import type { BankPartner } from '../gateways/bankPartner';
import type { IdentityGateway } from '../gateways/identity';
import type { AppContext } from '../services/context';
import { sendPhoneCode, sendPinResetCode, verifyPhoneCode } from '../services/account/otp';
import { changePin, PIN_MISMATCH, resetPin } from '../services/account/pins';
import { changePassword, setLanguage, updateProfile } from '../services/account/profile';
import { loadUserData } from '../services/account/userData';
import { authOf, requireSession } from '../http/authenticate';
import { success } from '../http/envelope';
import { t } from '../i18n';
import { noFields, pinRefusals, routeDoc } from '../http/openapi';
import {
  dateOfBirth,
  device,
  identityNumber,
  language,
  password,
  phone,
  pin,
  refusedWithoutDateOfBirth,
  requestBody,
  requiredText,
  saying,
  text,
  RULES,
} from '../http/fields';
import { byAccount, limitRequests } from '../http/rateLimits';

export interface AccountRouteDeps {
  ctx: AppContext;
  /** Verifies the NIN and BVN the profile is given (services/identity.ts). */
  identity: IdentityGateway;
  /** The live bank partners, which a verified number goes to (services/enrolment.ts). */
  banks: readonly BankPartner[];
  limits: RateLimits;
}

/** What this module's calls answer once done, said in the request's language when answered. */
const done = {
  profileUpdated: /*i18n*/ { id: 'account.done.profileUpdated', message: 'profile updated successfully' },
  languageSaved: /*i18n*/ { id: 'account.languageSaved', message: 'language saved' },
  passwordChanged: /*i18n*/ { id: 'account.done.passwordChanged', message: 'password changed successfully' },
  pinChanged: /*i18n*/ { id: 'account.done.pinChanged', message: 'pin changed successfully' },
  pinCodeSent: /*i18n*/ { id: 'account.done.pinCodeSent', message: 'we have sent a code to your email' },
  pinReset: /*i18n*/ { id: 'account.done.pinReset', message: 'pin reset successfully' },
  phoneCodeSent: phoneMessages.codeSent,
  phoneVerified: phoneMessages.verified,
};

const setLanguageBody = requestBody({ language });

/**
 * Unknown fields are ignored, `email` included: the address is the login and cannot be changed
 * here. A NIN or BVN comes with the holder's date of birth.
 */
const updateProfileBody = requestBody({
  device,
  name: requiredText('name', messages.nameAndPhoneRequired, 100),
  phone: phone(messages.nameAndPhoneRequired),
  nin: identityNumber('nin'),
  bvn: identityNumber('bvn'),
  date_of_birth: dateOfBirth,
}).superRefine((body, context) => void refusedWithoutDateOfBirth(body, context));

const allRequired = (field: string) =>
  text(field, messages.allFormFieldsRequired).min(1, saying(messages.allFormFieldsRequired));

/** Every field present first (one message for any missing), then the match, then the password rules. */
const changePasswordBody = requestBody({
  old_password: allRequired('old password').max(1024, 'old password is too long'),
  new_password: allRequired('new password'),
  confirm_new_password: allRequired('confirm new password'),
}).superRefine((body, context) => {
  if (body.new_password !== body.confirm_new_password) {
    context.addIssue({ code: 'custom', message: t(messages.passwordsMustMatch), path: ['confirm_new_password'] });
    return;
  }
  const rules = password('new password', messages.allFormFieldsRequired).safeParse(body.new_password);
  if (!rules.success)
    context.addIssue({ code: 'custom', message: rules.error.issues[0].message, path: ['new_password'] });
});

/** Every box filled first, then four digits each, then the match (the set-pin message). */
const changePinBody = requestBody({
  old_pin: allRequired('old pin'),
  new_pin: allRequired('new pin'),
  confirm_new_pin: allRequired('confirm new pin'),
})
  .pipe(
    requestBody({
      old_pin: pin('old pin', ''),
      new_pin: pin('new pin', ''),
      confirm_new_pin: pin('confirm new pin', ''),
    }),
  )
  .refine((body) => body.new_pin === body.confirm_new_pin, { ...saying(PIN_MISMATCH), path: ['confirm_new_pin'] });

/** Every box and the password filled first, then the code and pins' formats, then the match (the set-pin message). */
const resetPinBody = requestBody({
  password: allRequired('password'),
  otp: allRequired('otp'),
  pin: allRequired('pin'),
  confirm_pin: allRequired('confirm pin'),
})
  .pipe(
    requestBody({
      // Any length: it is only compared, and the password rules may have changed since sign-up.
      password: text('password', '').max(1024, saying(RULES.tooLong, { field: 'password' })),
      otp: text('otp', '').regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), saying(messages.enterOtp)),
      pin: pin('pin', ''),
      confirm_pin: pin('confirm pin', ''),
    }),
  )
  .refine((body) => body.pin === body.confirm_pin, { ...saying(PIN_MISMATCH), path: ['confirm_pin'] });

/** The code texted to the phone, as typed or filled in by the browser. */
const verifyPhoneBody = requestBody({
  otp: text('otp', phoneMessages.codeRequired).regex(
    new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`),
    saying(phoneMessages.codeRequired),
  ),
});

/** The profile, password and pin screens (/profile, /password, /pin, and /reset-pin behind "Forgot pin?"). */
export function registerAccountRoutes(app: FastifyInstance, { ctx, identity, banks, limits }: AccountRouteDeps) {
  const session = requireSession(ctx);

  // Limited: each NIN or BVN given is a paid lookup with the identity provider.
  // A verified NIN or BVN also opens the funding accounts with each partner; the name it matched is then frozen.
  app.post(
    '/api/update-profile',
    {
      schema: routeDoc({
        summary:
          'Update name, phone, NIN and BVN (a new NIN or BVN is verified first, then opens the funding accounts)',
        tags: ['account'],
        auth: true,
        body: updateProfileBody,
        data: UserData,
        errors: [400, 409, 422, 429, 502],
      }),
      preHandler: [session, limitRequests(app, limits, 'updateProfile', byAccount)],
    },
    async (request) => {
      const { name, phone, nin, bvn, date_of_birth: dateOfBirth } = updateProfileBody.parse(request.body);
      const { userId, token } = authOf(request);
      await updateProfile(ctx, identity, banks, userId, { name, phone, nin, bvn, dateOfBirth });
      return success(t(done.profileUpdated), await loadUserData(ctx, userId, token));
    },
  );

  app.post(
    '/api/user/language',
    {
      schema: routeDoc({
        summary: "Choose the account's language: its e-mails, texts, notifications and answers, on every device",
        tags: ['account'],
        auth: true,
        body: setLanguageBody,
        data: UserData,
        errors: [422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'setLanguage', byAccount)],
    },
    async (request) => {
      const body = setLanguageBody.parse(request.body);
      const { userId, token } = authOf(request);
      await setLanguage(ctx, userId, body.language);
      // Said in the language just chosen.
      return success(t(done.languageSaved), await loadUserData(ctx, userId, token));
    },
  );

  app.post(
    '/api/change-password',
    {
      schema: routeDoc({
        summary: 'Change the password',
        tags: ['account'],
        auth: true,
        body: changePasswordBody,
        errors: [400, 409, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'changePassword', byAccount)],
    },
    async (request) => {
      const body = changePasswordBody.parse(request.body);
      await changePassword(ctx, authOf(request), body.old_password, body.new_password);
      return success(t(done.passwordChanged));
    },
  );

  app.post(
    '/api/change-pin',
    {
      schema: routeDoc({
        summary: 'Change the transaction pin',
        tags: ['pin'],
        auth: true,
        body: changePinBody,
        data: UserData,
        errors: [400, 409, 422, 423, 429],
        errorData: pinRefusals,
      }),
      preHandler: [session, limitRequests(app, limits, 'changePin', byAccount)],
    },
    async (request) => {
      const body = changePinBody.parse(request.body);
      const auth = authOf(request);
      await changePin(ctx, auth, body.old_pin, body.new_pin);
      return success(t(done.pinChanged), await loadUserData(ctx, auth.userId, auth.token));
    },
  );

  app.post(
    '/api/forgot-pin',
    {
      schema: routeDoc({
        summary: 'E-mail a pin reset code',
        tags: ['pin'],
        auth: true,
        body: noFields,
        errors: [409, 429, 502],
      }),
      preHandler: [session, limitRequests(app, limits, 'forgotPin', byAccount)],
    },
    async (request) => {
      await sendPinResetCode(ctx, authOf(request).userId);
      return success(t(done.pinCodeSent));
    },
  );

  app.post(
    '/api/reset-pin',
    {
      schema: routeDoc({
        summary: 'Reset the transaction pin with the password and the e-mailed code',
        tags: ['pin'],
        auth: true,
        body: resetPinBody,
        data: UserData,
        errors: [400, 409, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'resetPin', byAccount)],
    },
    async (request) => {
      const body = resetPinBody.parse(request.body);
      const { userId, token } = authOf(request);
      await resetPin(ctx, userId, body);
      return success(t(done.pinReset), await loadUserData(ctx, userId, token));
    },
  );

  // Each code is a text the provider bills: limited per account, and paced by the code rules.
  app.post(
    '/api/send-phone-code',
    {
      schema: routeDoc({
        summary: 'Text a code to the phone on file, to verify it',
        tags: ['account'],
        auth: true,
        body: noFields,
        errors: [409, 429, 502],
      }),
      preHandler: [session, limitRequests(app, limits, 'phoneCode', byAccount)],
    },
    async (request) => {
      await sendPhoneCode(ctx, authOf(request).userId);
      return success(t(done.phoneCodeSent));
    },
  );

  app.post(
    '/api/verify-phone',
    {
      schema: routeDoc({
        summary: 'Verify the phone on file with the code texted to it',
        tags: ['account'],
        auth: true,
        body: verifyPhoneBody,
        data: UserData,
        errors: [400, 409, 422, 429],
      }),
      preHandler: [session, limitRequests(app, limits, 'verifyPhone', byAccount)],
    },
    async (request) => {
      const { otp } = verifyPhoneBody.parse(request.body);
      const { userId, token } = authOf(request);
      await verifyPhoneCode(ctx, userId, otp);
      return success(t(done.phoneVerified), await loadUserData(ctx, userId, token));
    },
  );
}
