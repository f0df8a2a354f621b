import type { FastifyRequest } from 'fastify';
import type { CaptchaAction } from '../../core/captcha';
import { AppError } from '../errors';
import { t } from '../i18n';
import { BOT_CHECK_FAILED, type CaptchaVerifier } from '../gateways/captcha';

/**
 * Refuses the request (403) unless its captcha token was solved for `action`: one solved for
 * another call is refused too.
 */
export async function requireHuman(
  captcha: CaptchaVerifier,
  action: CaptchaAction,
  token: string,
  request: FastifyRequest,
): Promise<void> {
  if (!(await captcha.verify(token, action, request.ip))) throw new AppError(403, t(BOT_CHECK_FAILED));
}
