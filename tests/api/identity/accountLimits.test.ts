import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import { SERVICES } from '../../../core/services';
import type { RateLimits } from '../../../server/config';
import { signUp, signUpVerified } from '../../support/api/accounts';
import { testConfig, type TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

/**
 * Every call of the API is classified here, so that a new one cannot ship without deciding how
 * one client is kept from costing everyone else: limited per account (signed-in calls that write
 * or ask a provider), per address (the public account calls, tested in rateLimits.test.ts), or
 * neither for a stated reason.
 */
const PER_ACCOUNT: Record<string, keyof RateLimits> = {
  '/api/create-accounts': 'createAccounts',
  '/api/funding/identity': 'updateProfile',
  '/api/card-topups': 'purchase',
  '/api/card-topups/verify': 'refreshTransaction',
  ...Object.fromEntries(
    ['create', 'update', 'pause', 'resume', 'delete', 'retry', 'accept-price', 'authorise'].map((action) => [
      `/api/schedules/${action}`,
      'purchase' as const,
    ]),
  ),
  '/api/fetch-transactions': 'fetchTransactions',
  '/api/refresh-transaction': 'refreshTransaction',
  '/api/problem-reports/create': 'problemReports',
  '/api/beneficiaries/save': 'beneficiaries',
  '/api/beneficiaries/rename': 'beneficiaries',
  '/api/beneficiaries/delete': 'beneficiaries',
  '/api/mark-notification': 'markNotification',
  '/api/logout': 'logout',
  '/api/resend-otp': 'resendOtp',
  '/api/verify-otp': 'verifyOtp',
  '/api/update-profile': 'updateProfile',
  '/api/user/language': 'setLanguage',
  '/api/change-password': 'changePassword',
  '/api/change-pin': 'changePin',
  '/api/forgot-pin': 'forgotPin',
  '/api/reset-pin': 'resetPin',
  '/api/send-phone-code': 'phoneCode',
  '/api/verify-phone': 'verifyPhone',
  '/api/verify-merchant': 'verifyMerchant',
  ...Object.fromEntries(
    ['list', 'add/start', 'add', 'rename', 'remove'].map((call) => [`/api/passkeys/${call}`, 'passkeys' as const]),
  ),
  // The start of a purchase's or a schedule's confirmation counts with the purchases it confirms.
  '/api/passkeys/confirm/start': 'purchase',
  '/api/statements/summary': 'statements',
  '/api/statements/download': 'statements',
  ...Object.fromEntries(SERVICES.map((service) => [`/api/${service.category}`, 'purchase' as const])),
};

/** Public calls: no account yet, so limited per address (and e-mail), and behind the captcha where they send mail. */
const PER_ADDRESS = [
  '/api/register',
  '/api/login',
  '/api/forgot',
  '/api/reset',
  '/api/set-pin',
  '/api/reset-link',
  '/api/not-me',
  '/api/passkeys/sign-in/start',
  '/api/passkeys/sign-in',
];

/** Reads of the caller's own rows that ask no provider: the app's 60-s polls and lists it opens. */
const READS = [
  '/api/get-user',
  '/api/fetch-providers',
  '/api/fetch-notifications',
  '/api/beneficiaries/list',
  '/api/recent-beneficiaries',
  '/api/funding',
  '/api/schedules/list',
  '/api/schedules/draft',
  '/api/problem-reports/fetch',
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
];

/** Signed by the partner and confirmed with it before any credit: a limit would only drop its retries. */
const WEBHOOKS = /^\/api\/webhooks\//;

/** Every /api route the app registered, read off Fastify's route table. */
function apiRoutes(t: TestApp): string[] {
  const paths = new Set<string>();
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/\S*) \(/.exec(line);
    if (match) paths.add(match[1]);
  }
  return [...paths];
}

const tight = { max: 2, windowMs: 60_000 };

describe.each(backends)('per-account limits on every call that writes or asks a provider, on $name', (backend) => {
  const t = useTestApp(backend, () => {
    const generous = testConfig().rateLimits;
    const rateLimits = {
      ...generous,
      ...Object.fromEntries(Object.values(PER_ACCOUNT).map((name) => [name, tight])),
    } as RateLimits;
    return { config: { rateLimits } };
  });

  it('classifies every route of the API', () => {
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    const known = (path: string) =>
      path in PER_ACCOUNT || PER_ADDRESS.includes(path) || READS.includes(path) || WEBHOOKS.test(path);
    expect(routes.filter((path) => !known(path))).toEqual([]);
  });

  // The attack: one signed-in client in a loop — create-accounts asking the partner again after
  // each failure, a problem report (an e-mail each) per second, thousands of saved numbers, the
  // activity list read page after page — costs every other customer the partner, the mail
  // server and the database. The third call in a minute must be refused.
  it.each(Object.keys(PER_ACCOUNT))('%s: the third call in the window is 429', async (path) => {
    // Verifying the e-mail spends a resend-otp and a verify-otp of the window: those two are called on an unverified account.
    const account =
      path === '/api/resend-otp' || path === '/api/verify-otp' ? await signUp(t) : await signUpVerified(t);
    const tokens = [account.token];
    // Logging out ends the session it is called with: each call brings a session of its own.
    if (path === '/api/logout') {
      for (let i = 0; i < 2; i++) {
        const login = await t.call<UserData>('/api/login', {
          body: { device: 'web', email: account.email, password: account.password },
        });
        tokens.push(login.body.data!.token);
      }
    }
    // The limiter's refusal, not a rule of the call itself (a resend within 59 s is also a 429).
    const limited: boolean[] = [];
    for (let call = 0; call < 3; call++) {
      const reply = await t.call(path, {
        token: tokens[Math.min(call, tokens.length - 1)],
        body: {},
        headers: { 'idempotency-key': `limits-${call}-${Date.now()}` },
      });
      limited.push(reply.status === 429 && reply.body.message.startsWith('too many attempts, please try again in'));
    }
    expect(limited, path).toEqual([false, false, true]);
  });
});
