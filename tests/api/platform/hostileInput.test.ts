import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPerson, registerBody, signUpVerified, type SignedUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { createAccounts } from '../../support/api/bank';

/** Values a hostile or broken client might put in any field. */
const hostileValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 300, maxLength: 5_000 }),
  fc.constantFrom(
    '',
    ' ',
    '0000',
    '1234',
    'dev-ok',
    'a@b.co',
    '08031234567',
    '+2348031234567',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '\u0000',
    '🙂'.repeat(50),
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const FIELDS = [
  ...[
    'device',
    'name',
    'email',
    'phone',
    'password',
    'confirm_password',
    'token',
    'otp',
    'pin',
    'confirm_pin',
    'new_password',
    'confirm_new_password',
    'notification_id',
  ],
  ...[
    'old_password',
    'old_pin',
    'new_pin',
    'confirm_new_pin',
    'nin',
    'bvn',
    'pagination',
    'page',
    'transaction_id',
    'account_number',
    'amount',
    'sender_name',
    'reference',
  ],
  ...['date_of_birth'],
  ...['provider_id', 'package_id', 'beneficiary', 'category'],
  ...['beneficiary_id', 'reason', 'note', 'from', 'to', 'format'],
  ...['schedule_id', 'frequency', 'date', 'weekday', 'month_day', 'days_before', 'time', 'end'],
];

/** Objects over the contract's field names (and some strangers), or not objects at all. */
const hostileBody = fc.oneof(
  fc.record(Object.fromEntries(FIELDS.map((field) => [field, hostileValue])), { requiredKeys: [] }),
  fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 6 }),
  hostileValue,
);

/** Raw bytes that claim to be JSON. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json(),
  fc.constantFrom('{', '{"a":', '[]', 'nul', '{"__proto__":{}}', '{"constructor":{"prototype":{}}}'),
);

/** The bank webhook is public too: without the partner's signature, every body is 401. */
const PUBLIC = ['/api/register', '/api/login', '/api/forgot', '/api/reset', '/api/webhooks/bank'];
const SIGNED_IN = [
  ...[
    '/api/resend-otp',
    '/api/verify-otp',
    '/api/set-pin',
    '/api/logout',
    '/api/get-user',
    '/api/fetch-providers',
    '/api/fetch-notifications',
    '/api/mark-notification',
  ],
  ...[
    '/api/create-accounts',
    '/api/fetch-transactions',
    '/api/refresh-transaction',
    '/api/update-profile',
    '/api/change-password',
    '/api/change-pin',
  ],
  ...['/api/forgot-pin', '/api/reset-pin'],
  ...[
    '/api/airtime',
    '/api/data',
    '/api/electricity-bill',
    '/api/betting',
    '/api/tv-subscription',
    '/api/education',
    '/api/verify-merchant',
    '/api/recent-beneficiaries',
  ],
  ...['/api/beneficiaries/list', '/api/beneficiaries/save', '/api/beneficiaries/rename', '/api/beneficiaries/delete'],
  ...[
    '/api/problem-reports/fetch',
    '/api/problem-reports/create',
    '/api/statements/summary',
    '/api/statements/download',
  ],
  ...['/api/funding', '/api/funding/identity', '/api/card-topups', '/api/card-topups/verify'],
  ...[
    '/api/schedules/list',
    '/api/schedules/draft',
    '/api/schedules/create',
    '/api/schedules/update',
    '/api/schedules/pause',
    '/api/schedules/resume',
  ],
  ...['/api/schedules/delete', '/api/schedules/retry', '/api/schedules/accept-price'],
];

const TABLES = [
  'users',
  'wallets',
  'sessions',
  'email_otps',
  'failed_attempts',
  'password_reset_tokens',
  'pin_lockouts',
  'notifications',
  'virtual_accounts',
  'transactions',
  'ledger_movements',
  'ledger_entries',
  'incoming_transfers',
  'purchases',
  'idempotency_keys',
  'saved_beneficiaries',
  'problem_reports',
  'schedules',
  'schedule_runs',
] as const;

describe.each(backends)('hostile input on $name', (backend) => {
  let account: SignedUp;
  const t = useTestApp(backend);
  beforeAll(async () => {
    account = await signUpVerified(t);
    // Verified, create-accounts answers the accounts and writes nothing: any JSON body may reach it below.
    await createAccounts(t, account.token);
    expect((await t.call('/api/create-accounts', { token: account.token })).status).toBe(200);
  });

  async function rowCounts() {
    const counts: Record<string, bigint> = {};
    for (const table of TABLES) {
      counts[table] = (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<bigint>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    }
    return counts;
  }

  const expectClientError = (reply: { status: number; body: { type: string; message: string } }, what: string) => {
    expect(reply.status, what).toBeGreaterThanOrEqual(400);
    expect(reply.status, what).toBeLessThan(500);
    expect(reply.body.type, what).toBe('error');
    expect(reply.body.message.length, what).toBeGreaterThan(0);
  };

  it('public calls answer any body with a clear 4xx and write nothing', async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PUBLIC), hostileBody, async (path, body) => {
        expectClientError(await t.call(path, { body }), `${path} ${JSON.stringify(body)}`);
      }),
      { numRuns: 150 },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('a valid body with one field made hostile is answered without a 500, and a refusal writes nothing', async () => {
    const validBodies: Record<string, () => Record<string, unknown>> = {
      '/api/register': () => registerBody(newPerson()),
      '/api/login': () => ({ device: 'web', email: account.email, password: account.password }),
      '/api/forgot': () => ({ device: 'web', email: account.email, token: 'dev-ok:forgot' }),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(validBodies)),
        fc.constantFrom(...FIELDS),
        fc.option(hostileValue, { nil: undefined }),
        async (path, field, value) => {
          const body = { ...validBodies[path](), [field]: value };
          const before = await rowCounts();
          const reply = await t.call(path, { body });
          expect(reply.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (reply.status >= 400) {
            expect(reply.body.type).toBe('error');
            expect(await rowCounts(), `${path} ${JSON.stringify(body)}`).toEqual(before);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('every call answers malformed JSON with a 4xx and writes nothing', async () => {
    const before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PUBLIC, ...SIGNED_IN), hostileText, async (path, text) => {
        const reply = await t.call(path, { body: text, token: account.token });
        expect(reply.status, `${path} ${text}`).toBeLessThan(500);
        if (reply.status >= 400) expect(reply.body.type).toBe('error');
      }),
      { numRuns: 150 },
    );
    expect(await rowCounts()).toEqual(before);
  });

  it('signed-in calls never answer 500, whatever the body, and bad tokens write nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SIGNED_IN), hostileBody, fc.boolean(), async (path, body, signedIn) => {
        const before = signedIn ? undefined : await rowCounts();
        const reply = await t.call(path, { body, token: signedIn ? account.token : 'C'.repeat(43) });
        expect(reply.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(['success', 'error']).toContain(reply.body.type);
        if (reply.status >= 400) expect(reply.body.type).toBe('error');
        if (before) expect(await rowCounts()).toEqual(before);
        // Logging out would end the rest of the run's session.
        if (path === '/api/logout' && signedIn) account = await signUpVerified(t);
      }),
      { numRuns: 150 },
    );
  });

  it('answers an address the router cannot decode with the envelope, never a bare framework error', async () => {
    for (const url of ['/api/health/live%', '/api/get-user%zz', '/%E0%A4%A']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual({ type: 'error', message: 'this address is not valid: check the link' });
    }
  });

  it('malformed Authorization headers are answered 401', async () => {
    for (const authorization of [
      'Bearer',
      `Bearer ${'x'.repeat(5_000)}`,
      'Basic YWRtaW46YWRtaW4=',
      'Bearer a b',
      `Bearer ${account.token}x`,
    ]) {
      const reply = await t.call('/api/get-user', { headers: { authorization } });
      expect(reply.status, authorization.slice(0, 20)).toBe(401);
    }
  });
});
