import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardPayment, CardTopUpStarted, FundingStatus, UserData, VirtualAccount } from '../../../core/contract';
import { loadConfig } from '../../../server/config';
import { configuredBankPartners } from '../../../server/gateways/configuredPartners';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';
import { FAKE_PAYSTACK_SECRET_KEY, startFakePaystack, type FakePaystack } from '../../../testkit/fakes/paystackServer';
import { identityNumber, signUp, type SignedUp } from '../../support/api/accounts';
import { backends, type Backend } from '../../support/api/backends';
import { createAccounts } from '../../support/api/bank';
import { eventually } from '../../support/api/eventually';
import { ManualClock } from '../../support/api/manualClock';
import { RecordingLog, useListeningApp, type ListeningApp } from '../../support/api/partners';

/**
 * Paystack reports each transaction's mode (`data.domain`, `test` or `live`) in its verify answer
 * and its `charge.success`. A test-mode payment moves no real money: the wallet it funded would
 * then buy real airtime. The attack: a Paystack (a staging integration, a misrouted proxy) reports
 * test-mode payments to a server configured for production, with a live key. Against the fake
 * Paystack, the partner built from the configuration the way the server builds it
 * (configuredBankPartners), each payment through the real app's routes.
 */
const LIVE_KEY = 'sk_live_fake0000000000000000000000000000001';
/** A production environment as an operator writes it: loadConfig refuses anything short of it. */
const PRODUCTION_ENV = {
  TOKEN_KEY: 'k'.repeat(40),
  PIN_KEY: 'ab'.repeat(32),
  SMTP_URL: 'smtps://mailer:secret@smtp.example.ng:465',
  CAPTCHA_SECRET: '0x4AAAAAAA-secret',
  PUBLIC_URL: 'https://wallet.example.ng',
  DATABASE_URL: 'postgres://wallet:secret@db.internal:5432/wallet?sslmode=verify-full',
  IDENTITY: 'dojah',
  DOJAH_APP_ID: 'app-1',
  DOJAH_SECRET_KEY: 'prod_sk_0123456789',
  SMS: 'termii',
  TERMII_API_KEY: 'TL-live-key-0123456789',
  TERMII_SENDER_ID: 'NairaWallet',
  BILLER: 'vtpass',
  VTPASS_API_KEY: 'live-api-key',
  VTPASS_PUBLIC_KEY: 'PK_live',
  VTPASS_SECRET_KEY: 'SK_live',
  BANK_PARTNERS: 'paystack',
};
const TEST_MODE_REFUSAL = 'Paystack reports a test-mode payment (domain test) to a live key: no real money moved';

/** The app whose bank partner is what `env` configures, pointed at `fake` (loopback is exempt from https). */
function useConfiguredApp(backend: Backend, env: Record<string, string>, fake: () => FakePaystack, log: RecordingLog) {
  const clock = new ManualClock();
  return useListeningApp(backend, () => {
    const paystack = { PAYSTACK_BASE_URL: fake().url, PAYSTACK_SECRET_KEY: fake().secretKey };
    const { config } = loadConfig({ ...PRODUCTION_ENV, ...env, ...paystack });
    return { clock, banks: configuredBankPartners(config, log, clock) };
  });
}

/** A card top-up of ₦2,000 paid at the fake's checkout, then confirmed by the customer's return. */
async function paidByCard(t: ListeningApp, payer: SignedUp): Promise<{ reference: string; payment: CardPayment }> {
  const started = await t.call<CardTopUpStarted>('/api/card-topups', { token: payer.token, body: { amount: 2_000 } });
  expect(started.status, started.body.message).toBe(200);
  const { authorization_url, reference } = started.body.data!;
  expect((await fetch(`${authorization_url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(302);
  const returned = await t.call<CardPayment>('/api/card-topups/verify', { token: payer.token, body: { reference } });
  return { reference, payment: returned.body.data! };
}

async function balanceOf(t: ListeningApp, payer: SignedUp): Promise<number> {
  return (await t.call<UserData>('/api/get-user', { token: payer.token })).body.data!.wallet_balance;
}

const rowsAbout = (t: ListeningApp, table: 'disputed_transfers' | 'incoming_transfers', reference: string) =>
  t.db.selectFrom(table).selectAll().where('reference', '=', reference).execute();

describe.each(backends)('a Paystack test-mode payment on $name', (backend) => {
  describe('to a server configured for production (a live key)', () => {
    let fake: FakePaystack;
    const log = new RecordingLog();
    let payer: SignedUp;
    beforeAll(async () => {
      fake = await startFakePaystack({ secretKey: LIVE_KEY, domain: 'test' });
    });
    afterAll(async () => {
      await fake.close();
      expect(log.text(), 'no key reaches a log line').not.toContain(LIVE_KEY);
    });
    const t = useConfiguredApp(backend, {}, () => fake, log);
    beforeAll(async () => {
      fake.webhookUrl = t.webhookUrl('paystack');
      payer = await signUp(t);
      await createAccounts(t, payer.token);
    });

    it('never credits a test-card top-up: disputed, recorded for the operator, logged without secrets', async () => {
      const before = await balanceOf(t, payer);
      const { reference, payment } = await paidByCard(t, payer);
      expect(payment.status).toBe('disputed');
      expect(await balanceOf(t, payer)).toBe(before);
      expect(await rowsAbout(t, 'incoming_transfers', reference)).toEqual([]);
      const disputed = await rowsAbout(t, 'disputed_transfers', reference);
      const reason = `card payment: ${TEST_MODE_REFUSAL}`;
      const recorded = { provider: 'paystack', account_number: 'card', partner_status: 'success', reason };
      expect(disputed).toEqual([expect.objectContaining(recorded)]);
      expect(log.text()).toContain(`"reference":"${reference}"`);
      expect(log.text()).toContain('paystack reported a payment in another mode than the key: not credited');
    });

    it('is never credited either as a transfer into a dedicated account', async () => {
      const owner = await signUp(t, { name: 'Amaka Grace Obi' });
      const bank = { bank_code: '058', bank_account_number: '0123456789' };
      const identity = { bvn: identityNumber(), date_of_birth: SIMULATED_DATE_OF_BIRTH, ...bank };
      await t.call<FundingStatus>('/api/funding/identity', { token: owner.token, body: identity });
      const status = async () => (await t.call<FundingStatus>('/api/funding', { token: owner.token })).body.data!;
      await eventually(
        async () => (await status()).partners[0]?.status,
        (state) => state === 'ready',
      );
      const [account] = (await t.call<VirtualAccount[]>('/api/create-accounts', { token: owner.token })).body.data!;
      const before = await balanceOf(t, owner);
      const paid = await fake.pay({ accountNumber: account.account_number, amountKobo: 500_000n });
      const reason = TEST_MODE_REFUSAL;
      expect(paid.webhook).toMatchObject({ status: 200, body: { data: { status: 'disputed', reason } } });
      expect(await balanceOf(t, owner)).toBe(before);
      expect(await rowsAbout(t, 'disputed_transfers', paid.reference)).toEqual([expect.objectContaining({ reason })]);
    });
  });

  describe('to a staging server (STAGING=yes, a test key)', () => {
    let fake: FakePaystack;
    let payer: SignedUp;
    beforeAll(async () => {
      fake = await startFakePaystack({ secretKey: FAKE_PAYSTACK_SECRET_KEY });
    });
    afterAll(() => fake.close());
    const t = useConfiguredApp(backend, { STAGING: 'yes' }, () => fake, new RecordingLog());
    beforeAll(async () => {
      fake.webhookUrl = t.webhookUrl('paystack');
      payer = await signUp(t);
      await createAccounts(t, payer.token);
    });

    it('is credited: the rehearsal the sandboxes are for', async () => {
      const before = await balanceOf(t, payer);
      const { reference, payment } = await paidByCard(t, payer);
      expect(payment).toMatchObject({ status: 'success', amount: 2_000 });
      expect(await balanceOf(t, payer)).toBe(before + 2_000);
      expect(await rowsAbout(t, 'disputed_transfers', reference)).toEqual([]);
    });
  });
});
