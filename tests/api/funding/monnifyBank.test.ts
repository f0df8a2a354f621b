import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FundingStatus, UserData, VirtualAccount } from '../../../core/contract';
import { fundingMessages } from '../../../core/words/identity';
import { MonnifyBank, monnifyTime } from '../../../server/gateways/monnifyBank';
import { signHmacSha512 } from '../../../server/gateways/webhookSignature';
import { isValidNuban } from '../../../server/services/funding/nuban';
import { customerReference } from '../../../server/services/funding/virtualAccounts';
import { startFakeMonnify, type FakeMonnify } from '../../../testkit/fakes/monnifyServer';
import { identityNumber, signUp, type SignedUp } from '../../support/api/accounts';
import { backends } from '../../support/api/backends';
import { createAccounts, userIdOf, walletRowCounts } from '../../support/api/bank';
import { ManualClock } from '../../support/api/manualClock';
import {
  ATTEMPTS,
  COOL_DOWN_MS,
  partnerOptions,
  RecordingLog,
  startListeningApp,
  timeOutAttempts,
  useListeningApp,
} from '../../support/api/partners';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';
import { english } from '../../support/api/english';

/**
 * The Monnify adapter against the fake Monnify (testkit/fakes/monnifyServer.ts), through
 * the real app: reserved accounts opened with the verified BVN or NIN (POST /api/funding/identity), SUCCESSFUL_TRANSACTION webhooks at
 * /api/webhooks/monnify confirmed by the status call, and every documented failure.
 */
describe.each(backends)('Monnify on $name', (backend) => {
  let fake: FakeMonnify;
  const log = new RecordingLog();
  const clock = new ManualClock();
  let owner: SignedUp;
  let accounts: VirtualAccount[];

  beforeAll(async () => {
    fake = await startFakeMonnify();
  });
  afterAll(async () => {
    await fake.close();
    expect(log.text(), 'no key reaches a log line').not.toContain(fake.secretKey);
    expect(log.text()).not.toContain(fake.apiKey);
  });
  const t = useListeningApp(backend, () => ({
    clock,
    banks: [
      new MonnifyBank(
        { baseUrl: fake.url, apiKey: fake.apiKey, secretKey: fake.secretKey, contractCode: fake.contractCode },
        partnerOptions(log, clock),
      ),
    ],
  }));
  beforeAll(async () => {
    fake.webhookUrl = t.webhookUrl('monnify');
    owner = await signUp(t);
    accounts = await createAccounts(t, owner.token);
  });
  beforeEach(() => {
    fake.misbehave({});
    // A breaker opened by an outage test closes once its cool-down is over.
    clock.advance(COOL_DOWN_MS);
  });

  const balance = async (token = owner.token) =>
    (await t.call<UserData>('/api/get-user', { token })).body.data!.wallet_balance;

  // Every simulated holder was born on one date, typed with each number.
  const born = { date_of_birth: SIMULATED_DATE_OF_BIRTH };
  const verify = (token: string, body: Record<string, string>) =>
    t.call<FundingStatus>('/api/funding/identity', { token, body: { ...body, ...born } });
  const monnifyOf = (status: FundingStatus) => status.partners.find((partner) => partner.partner === 'Monnify')!;

  describe('reserved accounts, identity first', () => {
    it('reserves a Wema Bank and a Sterling Bank NUBAN under our customer reference with the NIN verified, logging in once', async () => {
      expect(accounts.map((account) => account.bank_name)).toEqual(['Wema Bank', 'Sterling Bank']);
      const rows = await t.db
        .selectFrom('virtual_accounts')
        .selectAll()
        .where('user_id', '=', await userIdOf(t, owner.email))
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.provider, row.bank_code, row.account_name])).toEqual([
        ['monnify', '035', owner.name.toUpperCase()],
        ['monnify', '232', owner.name.toUpperCase()],
      ]);
      for (const row of rows) expect(isValidNuban(row.bank_code, row.account_number)).toBe(true);
      const reservation = fake.requests.find((request) => request.url === '/api/v2/bank-transfer/reserved-accounts')!;
      const sent = JSON.parse(reservation.body) as Record<string, unknown>;
      expect(sent).toMatchObject({
        accountReference: customerReference(await userIdOf(t, owner.email)),
        currencyCode: 'NGN',
        contractCode: fake.contractCode,
        getAllAvailableBanks: false,
        preferredBanks: ['035', '232'],
        nin: expect.stringMatching(/^\d{11}$/),
      });
      expect(sent).not.toHaveProperty('bvn');
      expect(fake.count('POST', '/api/v1/auth/login')).toBe(1);
    });

    it('refuses to reserve without a BVN or NIN, as Monnify V2 does: the adapter never asks, and the fake refuses', async () => {
      const monnify = new MonnifyBank(
        { baseUrl: fake.url, apiKey: fake.apiKey, secretKey: fake.secretKey, contractCode: fake.contractCode },
        partnerOptions(log, clock),
      );
      const before = fake.count('POST', '/api/v2/bank-transfer/reserved-accounts');
      expect(
        await monnify.enrol(
          { reference: 'user-none', name: 'Ada Obi', email: 'ada.none@example.com', phone: '08031234567' },
          {},
        ),
      ).toMatchObject({ status: 'refused' });
      expect(fake.count('POST', '/api/v2/bank-transfer/reserved-accounts')).toBe(before);
      const login = await fetch(`${fake.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${fake.apiKey}:${fake.secretKey}`).toString('base64')}` },
      });
      const { responseBody } = (await login.json()) as { responseBody: { accessToken: string } };
      const bare = await fetch(`${fake.url}/api/v2/bank-transfer/reserved-accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${responseBody.accessToken}` },
        body: JSON.stringify({
          accountReference: 'user-bare',
          accountName: 'Ada Obi',
          currencyCode: 'NGN',
          contractCode: fake.contractCode,
          customerEmail: 'a@b.ng',
          customerName: 'Ada Obi',
          getAllAvailableBanks: false,
          preferredBanks: ['035'],
        }),
      });
      expect(bare.status).toBe(400);
      expect(await bare.json()).toMatchObject({ requestSuccessful: false });
    });

    it('adds the identity to a reservation made earlier (kyc-info) and answers its accounts, named after the identity holder', async () => {
      const user = await signUp(t, { name: 'Chioma Okafor' });
      const userId = await userIdOf(t, user.email);
      const monnify = new MonnifyBank(
        { baseUrl: fake.url, apiKey: fake.apiKey, secretKey: fake.secretKey, contractCode: fake.contractCode },
        partnerOptions(log, clock),
      );
      // A reservation whose answer we never stored.
      const earlier = await monnify.enrol(
        { reference: customerReference(userId), name: user.name, email: user.email, phone: user.phone },
        { nin: identityNumber() },
      );
      const bvn = identityNumber();
      fake.holders.set(bvn, 'Chioma Adaeze Okafor');
      const reply = await verify(user.token, { bvn: bvn });
      expect(reply.status, reply.body.message).toBe(200);
      expect(reply.body.data!.accounts.map((account) => account.account_number)).toEqual(
        earlier.status === 'ready' ? earlier.accounts.map((account) => account.accountNumber) : [],
      );
      expect(reply.body.data!.accounts.every((account) => account.account_name === 'CHIOMA ADAEZE OKAFOR')).toBe(true);
      expect(fake.identityOf(customerReference(userId))).toEqual({ nin: expect.any(String), bvn });
      expect(fake.count('PUT', `/api/v1/bank-transfer/reserved-accounts/${customerReference(userId)}/kyc-info`)).toBe(
        1,
      );
    });

    it('a number Monnify refuses is told on /funding, with what to do; it never reaches a log', async () => {
      const user = await signUp(t);
      const nin = identityNumber();
      fake.invalidNumbers.add(nin);
      const reply = await verify(user.token, { nin: nin });
      expect(reply.status).toBe(200);
      expect(monnifyOf(reply.body.data!)).toMatchObject({
        status: 'refused',
        message: expect.stringContaining('Monnify could not open your accounts: Invalid NIN'),
      });
      expect(reply.body.data!.accounts).toEqual([]);
      expect(log.text()).not.toContain(nin);
    });

    it('logs in again when Monnify says the token expired', async () => {
      const logins = fake.count('POST', '/api/v1/auth/login');
      fake.expireTokens();
      expect((await verify((await signUp(t)).token, { nin: identityNumber() })).body.data!.accounts).toHaveLength(2);
      expect(fake.count('POST', '/api/v1/auth/login') - logins).toBe(1);
    });

    it('with wrong credentials the identity is still verified, nothing is stored, and the log tells the operator', async () => {
      const wrong = new MonnifyBank(
        {
          baseUrl: fake.url,
          apiKey: fake.apiKey,
          secretKey: 'not-the-secret-key-at-all',
          contractCode: fake.contractCode,
        },
        partnerOptions(log, clock),
      );
      const other = await startListeningApp(backend, [wrong]);
      try {
        const user = await signUp(other);
        const body = { nin: identityNumber(), date_of_birth: SIMULATED_DATE_OF_BIRTH };
        const reply = await other.call<FundingStatus>('/api/funding/identity', { token: user.token, body });
        expect(reply.status).toBe(200);
        expect(reply.body.data).toMatchObject({
          identity: { nin: true },
          accounts: [],
          partners: [{ status: 'needs-identity' }],
        });
        expect(await other.db.selectFrom('virtual_accounts').selectAll().execute()).toEqual([]);
        expect(log.text()).toContain('check MONNIFY_API_KEY and MONNIFY_SECRET_KEY');
      } finally {
        await other.close();
      }
    });
  });

  describe('webhooks confirmed by the status call', () => {
    it('credits a payment once Monnify confirms it, and a repeat delivery is a duplicate', async () => {
      const before = await balance();
      const paid = await fake.pay({
        accountNumber: accounts[1].account_number,
        amountKobo: 250_050n,
        senderName: 'Ngozi Eze',
      });
      expect(paid.webhook).toMatchObject({
        status: 200,
        body: {
          type: 'success',
          message: 'transfer credited',
          data: { status: 'credited', reference: paid.reference },
        },
      });
      expect(fake.count('GET', `/api/v2/transactions/${encodeURIComponent(paid.reference)}`)).toBe(1);
      expect(await balance()).toBe(before + 2_500.5);
      const credited = await t.db
        .selectFrom('incoming_transfers')
        .selectAll()
        .where('reference', '=', paid.reference)
        .executeTakeFirstOrThrow();
      expect(credited).toMatchObject({ provider: 'monnify', amount_kobo: 250_050n, sender_name: 'Ngozi Eze' });

      const rows = await walletRowCounts(t);
      const again = await fake.pay({
        accountNumber: accounts[1].account_number,
        amountKobo: 250_050n,
        reference: paid.reference,
      });
      expect(again.webhook).toMatchObject({
        status: 200,
        body: { message: 'transfer already credited', data: { status: 'duplicate' } },
      });
      expect(await walletRowCounts(t)).toEqual(rows);
      expect(
        fake.count('GET', `/api/v2/transactions/${encodeURIComponent(paid.reference)}`),
        'a repeat needs no status call',
      ).toBe(1);
    });

    it('refuses a wrong signature with 401 and writes nothing', async () => {
      const rows = await walletRowCounts(t);
      const body = JSON.stringify({
        eventType: 'SUCCESSFUL_TRANSACTION',
        eventData: { product: { type: 'RESERVED_ACCOUNT', reference: 'x' } },
      });
      for (const signature of [signHmacSha512('another-secret-entirely', body), '', 'ab'.repeat(64)]) {
        const response = await fetch(t.webhookUrl('monnify'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'monnify-signature': signature },
          body,
        });
        expect(response.status).toBe(401);
      }
      // Paystack's header on Monnify's route is no signature at all.
      const response = await fetch(t.webhookUrl('monnify'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signHmacSha512(fake.secretKey, body) },
        body,
      });
      expect(response.status).toBe(401);
      expect(await walletRowCounts(t)).toEqual(rows);
    });

    it('answers 422 to a signed body that is not a Monnify event', async () => {
      for (const body of [
        '{"event":"charge.success","data":{}}',
        JSON.stringify({
          eventType: 'SUCCESSFUL_TRANSACTION',
          eventData: { product: { type: 'RESERVED_ACCOUNT' }, amountPaid: 'lots' },
        }),
      ]) {
        const response = await fetch(t.webhookUrl('monnify'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'monnify-signature': signHmacSha512(fake.secretKey, body) },
          body,
        });
        expect(response.status).toBe(422);
      }
    });

    it.each([
      ['another amount', { amountKobo: 1_000_000n }, /reports ₦10,000\.00 paid, the webhook ₦100\.00/],
      ['a failed payment', { status: 'FAILED' }, /reports the payment as FAILED/],
    ])(
      'does not credit a webhook the status call contradicts (%s): recorded as disputed',
      async (_name, recordAs, reason) => {
        const before = await balance();
        const paid = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 10_000n, recordAs });
        expect(paid.webhook).toMatchObject({
          status: 200,
          body: { data: { status: 'disputed', reference: paid.reference, reason: expect.stringMatching(reason) } },
        });
        expect(await balance()).toBe(before);
        const disputed = await t.db
          .selectFrom('disputed_transfers')
          .selectAll()
          .where('reference', '=', paid.reference)
          .executeTakeFirstOrThrow();
        expect(disputed).toMatchObject({
          provider: 'monnify',
          amount_kobo: 10_000n,
          account_number: accounts[0].account_number,
        });
        expect(
          await t.db.selectFrom('incoming_transfers').selectAll().where('reference', '=', paid.reference).execute(),
        ).toEqual([]);
        // The partner's retry is answered the same, without asking again.
        const again = await fake.pay({
          accountNumber: accounts[0].account_number,
          amountKobo: 10_000n,
          reference: paid.reference,
          recordAs,
        });
        expect(again.webhook).toMatchObject({ status: 200, body: { data: { status: 'disputed' } } });
      },
    );

    it('answers 503 (deliver again) while Monnify has no record of the payment, and writes nothing', async () => {
      const rows = await walletRowCounts(t);
      const paid = await fake.pay({
        accountNumber: accounts[0].account_number,
        amountKobo: 10_000n,
        recordAs: 'missing',
      });
      expect(paid.webhook?.status).toBe(503);
      expect(await walletRowCounts(t)).toEqual(rows);
    });

    it('answers 503 while Monnify is down or silent, then credits the redelivery once it answers', async () => {
      const before = await balance();
      fake.misbehave({ down: true });
      // The fake's control endpoint still takes the payment; its status call is down.
      const paid = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 77_700n });
      expect(paid.webhook).toMatchObject({
        status: 503,
        body: { type: 'error', message: expect.stringContaining('could not be confirmed with monnify') },
      });
      // Silent: each attempt of the status call is held until the clock passes its timeout.
      fake.misbehave({});
      fake.holdAnswers();
      const redelivered = fake.pay({
        accountNumber: accounts[0].account_number,
        amountKobo: 77_700n,
        reference: paid.reference,
      });
      await timeOutAttempts(fake, clock);
      expect((await redelivered).webhook?.status).toBe(503);
      fake.releaseAnswers();
      expect(await balance()).toBe(before);
      clock.advance(COOL_DOWN_MS);
      expect(
        (await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 77_700n, reference: paid.reference }))
          .webhook,
      ).toMatchObject({ status: 200, body: { data: { status: 'credited' } } });
      expect(await balance()).toBe(before + 777);
    });

    it('answers 503 to a webhook when the status call answers a malformed body', async () => {
      const rows = await walletRowCounts(t);
      fake.misbehave({ malformed: true });
      const paid = await fake.pay({ accountNumber: accounts[0].account_number, amountKobo: 5_000n });
      expect(paid.webhook?.status).toBe(503);
      expect(await walletRowCounts(t)).toEqual(rows);
    });
  });

  describe('Monnify down when the user verifies', () => {
    it('keeps the identity and asks for the number again; once it has failed several customers, the open breaker fails fast without calling Monnify; once back, the number typed again opens the accounts', async () => {
      // One customer's failures count once toward the breaker (gateways/circuitBreaker.ts): Monnify down fails everyone.
      const [user, ...others] = [await signUp(t), await signUp(t), await signUp(t)];
      fake.misbehave({ down: true });
      const nin = identityNumber();
      const first = await verify(user.token, { nin: nin });
      expect(first.status).toBe(200);
      expect(monnifyOf(first.body.data!)).toMatchObject({
        status: 'needs-identity',
        message: english(fundingMessages.partnerDown, { partner: 'Monnify' }),
      });
      for (const other of others)
        expect(monnifyOf((await verify(other.token, { nin: identityNumber() })).body.data!).status).toBe(
          'needs-identity',
        );
      const calls = fake.requests.length;
      expect((await verify(user.token, { nin: nin })).status).toBe(200);
      expect(fake.requests.length, 'the open breaker sends nothing').toBe(calls);
      fake.misbehave({});
      clock.advance(COOL_DOWN_MS);
      expect((await verify(user.token, { nin: nin })).body.data!.accounts).toHaveLength(2);
    });

    it("gives up on a silent Monnify once each of its idempotent call's three attempts timed out", async () => {
      const user = await signUp(t);
      const sent = fake.requests.length;
      fake.holdAnswers();
      const replied = verify(user.token, { nin: identityNumber() });
      await timeOutAttempts(fake, clock);
      const reply = await replied;
      fake.releaseAnswers();
      expect(reply.status).toBe(200);
      expect(monnifyOf(reply.body.data!).status).toBe('needs-identity');
      expect(fake.requests.length - sent, 'three attempts, then no more').toBe(ATTEMPTS);
    });

    it('treats a malformed answer like an outage', async () => {
      fake.misbehave({ malformed: true });
      expect(monnifyOf((await verify((await signUp(t)).token, { nin: identityNumber() })).body.data!).status).toBe(
        'needs-identity',
      );
    });
  });
});

describe('Monnify times', () => {
  it('reads both documented formats as Lagos time', () => {
    expect(monnifyTime('2021-11-17 11:28:42.615')?.toISOString()).toBe('2021-11-17T10:28:42.615Z');
    expect(monnifyTime('26/02/2020 09:38:13 AM')?.toISOString()).toBe('2020-02-26T08:38:13.000Z');
    expect(monnifyTime('09/09/2020 11:31:56 PM')?.toISOString()).toBe('2020-09-09T22:31:56.000Z');
    expect(monnifyTime('yesterday')).toBeNull();
    expect(monnifyTime(null)).toBeNull();
  });
});
