import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, ProvidersByCategory, Transaction } from '../../../core/contract';
import { lagosDay } from '../../../core/days';
import { runRequery } from '../../../server/jobs/requery';
import { requeryPurchase } from '../../../server/services/purchases/requery';
import { finalise } from '../../../server/services/purchases/settling';
import { PURCHASE_FAILED, PURCHASE_PROCESSING } from '../../../server/services/purchases/wording';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import {
  balance,
  buy,
  newBuyer,
  newKey,
  packageOf,
  pastRequeryDelay,
  PIN,
  providerId,
  purchaseDeps,
  purchaseRowCounts,
  type Buyer,
} from '../../support/api/purchases';

const INSUFFICIENT = /^insufficient wallet balance/;

describe.each(backends)('purchases on $name', (backend) => {
  let buyer: Buyer;
  let mtn: number;
  let ikeja: number;
  let bet9ja: number;
  let dstv: number;
  const t = useTestApp(backend);
  beforeAll(async () => {
    buyer = await newBuyer(t, 200_000);
    [mtn, ikeja, bet9ja, dstv] = [
      await providerId(t, 'airtime', 'MTN'),
      await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)'),
      await providerId(t, 'betting', 'Bet9ja'),
      await providerId(t, 'tv-subscription', 'DStv'),
    ];
  });

  const airtime = (beneficiary: string, amount: number | string = 100, pin = PIN) => ({
    provider_id: mtn,
    beneficiary,
    amount,
    pin,
  });
  const notifications = async (token: string) =>
    (await t.call<Notification[]>('/api/fetch-notifications', { token })).body.data!;
  const transaction = async (id: number) =>
    await t.db.selectFrom('transactions').selectAll().where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  const movementsOf = async (id: number) =>
    (
      await t.db
        .selectFrom('ledger_movements')
        .select('kind')
        .where('transaction_id', '=', BigInt(id))
        .orderBy('id')
        .execute()
    ).map((m) => m.kind);

  describe('the catalogue', () => {
    it('offers every category from the seeded catalogue, plans with fixed prices', async () => {
      const reply = await t.call<ProvidersByCategory>('/api/fetch-providers', { token: buyer.token });
      const catalogue = reply.body.data!;
      const names = (category: string) => catalogue[category].map((p) => p.name);
      expect(names('airtime')).toEqual(['MTN', 'Airtel', 'Glo', '9mobile']);
      expect(names('data')).toEqual(['MTN', 'Airtel', 'Glo', '9mobile']);
      expect(names('electricity-bill')).toHaveLength(12);
      expect(names('electricity-bill').join()).toMatch(
        /Ikeja.*Eko.*Abuja.*Kano.*Port Harcourt.*Ibadan.*Enugu.*Jos.*Kaduna.*Benin.*Aba.*Yola/,
      );
      expect(names('betting')).toEqual(['Bet9ja', 'SportyBet', 'BetKing', 'NairaBet', '1xBet', 'MerryBet', 'BetWay']);
      expect(names('tv-subscription')).toEqual(['DStv', 'GOtv', 'StarTimes', 'Showmax']);
      expect(names('education')).toEqual(['WAEC', 'JAMB']);
      for (const category of ['data', 'tv-subscription']) {
        for (const provider of catalogue[category]) expect(provider.packages.length).toBeGreaterThanOrEqual(4);
      }
      expect(catalogue.data[0].packages).toContainEqual({
        id: expect.any(Number),
        name: 'MTN 1GB – 30 days',
        amount: 1000,
      });
      expect(catalogue.education[1].packages.map((p) => p.name)).toEqual([
        'JAMB UTME ePIN',
        'JAMB UTME ePIN (with mock exam)',
        'JAMB Direct Entry ePIN',
      ]);
      for (const category of ['airtime', 'electricity-bill', 'betting'])
        expect(catalogue[category].every((p) => p.packages.length === 0)).toBe(true);
    });
  });

  describe('validation writes nothing', () => {
    it.each([
      ['airtime', { beneficiary: '08031234567', amount: 100 }, 'all fields are required'],
      ['airtime', { provider_id: 'MTN_ID', amount: 100 }, 'all fields are required'],
      ['airtime', { provider_id: 'MTN_ID', beneficiary: '08031234567' }, 'all fields are required'],
      ['airtime', { provider_id: 'MTN_ID', beneficiary: '  ', amount: 100 }, 'all fields are required'],
      ['airtime', { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: '' }, 'all fields are required'],
      ['data', { provider_id: 1, beneficiary: '08031234567' }, 'all fields are required'],
      ['tv-subscription', { package_id: 1, beneficiary: '1234567890' }, 'all fields are required'],
      [
        'airtime',
        { provider_id: 'abc', beneficiary: '08031234567', amount: 100 },
        'provider_id must be a positive whole number',
      ],
      // Beyond the INTEGER the catalogue's ids are kept in: refused here, never an error of the database.
      [
        'airtime',
        { provider_id: 79_561_298_620_798, beneficiary: '08031234567', amount: 100, pin: PIN },
        'provider_id must be a positive whole number',
      ],
      [
        'tv-subscription',
        { provider_id: 'DSTV_ID', package_id: '2147483648', beneficiary: '1234567890', pin: PIN },
        'package_id must be a positive whole number',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '0803123456', amount: 100 },
        'please enter a valid Nigerian phone number: 11 digits starting with 0',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '06031234567', amount: 100 },
        'please enter a valid Nigerian phone number: 11 digits starting with 0',
      ],
      [
        'electricity-bill',
        { provider_id: 'IKEJA_ID', beneficiary: '1234567890', amount: 1000 },
        'meter number must be 11 to 13 digits',
      ],
      [
        'betting',
        { provider_id: 'BET9JA_ID', beneficiary: '12a45', amount: 1000 },
        'betting account id must be 4 to 20 digits',
      ],
      [
        'tv-subscription',
        { provider_id: 'DSTV_ID', package_id: 1, beneficiary: '123456789' },
        'smartcard number must be 10 or 11 digits',
      ],
      [
        'education',
        { provider_id: 1, package_id: 1, beneficiary: 'ABC' },
        'please enter the JAMB profile code (10 letters or digits) or an 11-digit phone number',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: 49.99 },
        'amount must be between ₦50.00 and ₦50,000.00',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: '50000.01' },
        'amount must be between ₦50.00 and ₦50,000.00',
      ],
      [
        'electricity-bill',
        { provider_id: 'IKEJA_ID', beneficiary: '12345678901', amount: 499 },
        'amount must be between ₦500.00 and ₦500,000.00',
      ],
      [
        'betting',
        { provider_id: 'BET9JA_ID', beneficiary: '12345', amount: 99.99 },
        'amount must be between ₦100.00 and ₦500,000.00',
      ],
      [
        'betting',
        { provider_id: 'BET9JA_ID', beneficiary: '12345', amount: 500_000.01 },
        'amount must be between ₦100.00 and ₦500,000.00',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: 100.123 },
        'amount must be a naira amount with at most two decimals',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: '1e3' },
        'amount must be a naira amount with at most two decimals',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: -100 },
        'amount must be a naira amount with at most two decimals',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: 100 },
        'please enter your transaction pin',
      ],
      [
        'airtime',
        { provider_id: 'MTN_ID', beneficiary: '08031234567', amount: 100, pin: '12' },
        'pin must be exactly 4 digits',
      ],
      [
        'airtime',
        { provider_id: 'IKEJA_ID', beneficiary: '08031234567', amount: 100, pin: PIN },
        'the selected provider is not available for this service',
      ],
      [
        'airtime',
        { provider_id: 999_999, beneficiary: '08031234567', amount: 100, pin: PIN },
        'the selected provider is not available for this service',
      ],
      [
        'tv-subscription',
        { provider_id: 'DSTV_ID', package_id: 'MTN_1GB', beneficiary: '1234567890', pin: PIN },
        'the selected plan is not available for this provider',
      ],
    ])('%s %j → 422 %s', async (category, body, message) => {
      const ids: Record<string, number> = {
        MTN_ID: mtn,
        IKEJA_ID: ikeja,
        BET9JA_ID: bet9ja,
        DSTV_ID: dstv,
        MTN_1GB: (await packageOf(t, 'MTN 1GB – 30 days')).id,
      };
      const resolved = Object.fromEntries(
        Object.entries(body).map(([field, value]) => [
          field,
          typeof value === 'string' && value in ids ? ids[value] : value,
        ]),
      );
      const before = await purchaseRowCounts(t);
      expect(await buy(t, buyer.token, category, resolved)).toMatchObject({
        status: 422,
        body: { type: 'error', message },
      });
      expect(await purchaseRowCounts(t)).toEqual(before);
    });

    it('requires an Idempotency-Key of 8 to 100 characters', async () => {
      for (const key of [null, 'short', 'x'.repeat(101), 'has spaces in it']) {
        expect(await buy(t, buyer.token, 'airtime', airtime('08031234567'), key)).toMatchObject({
          status: 400,
          body: { type: 'error', message: expect.stringMatching(/Idempotency-Key/) },
        });
      }
    });

    it('requires a session and a JSON object', async () => {
      expect((await t.call('/api/airtime', { body: airtime('08031234567') })).status).toBe(401);
      expect(await buy(t, buyer.token, 'airtime', [1, 2])).toMatchObject({
        status: 422,
        body: { message: 'the request body must be a JSON object' },
      });
    });
  });

  describe('the pin', () => {
    it('a wrong pin is 400 with the attempts left, buys nothing and releases the key; a right one clears the count', async () => {
      const owner = await newBuyer(t, 1_000);
      const key = newKey();
      const before = await purchaseRowCounts(t);
      expect(await buy(t, owner.token, 'airtime', airtime('08031234567', 100, '1357'), key)).toMatchObject({
        status: 400,
        body: {
          type: 'error',
          message: 'transaction pin not correct',
          data: { reason: 'pin-incorrect', pin_attempts: 1, max_attempts: 3, attempts_left: 2 },
        },
      });
      expect(await purchaseRowCounts(t)).toEqual(before);
      // The same key with the right pin executes: the wrong attempt did not keep it.
      expect((await buy(t, owner.token, 'airtime', airtime('08031234567', 100), key)).status).toBe(200);
      // ₦100 spent, ₦2 back (airtime cashback, 2 %).
      expect(await balance(t, owner.token)).toBe(902);
      expect(await buy(t, owner.token, 'airtime', airtime('08031234567', 100, '1357'))).toMatchObject({
        status: 400,
        body: { data: { pin_attempts: 1, attempts_left: 2 } },
      });
    });

    it('a client of the former contract, which sends no pin, is told what is missing and buys nothing', async () => {
      const owner = await newBuyer(t, 1_000);
      const before = await purchaseRowCounts(t);
      expect(
        await buy(t, owner.token, 'airtime', { provider_id: mtn, beneficiary: '08031234567', amount: 100 }),
      ).toMatchObject({
        status: 422,
        body: { type: 'error', message: 'please enter your transaction pin' },
      });
      expect(await purchaseRowCounts(t)).toEqual(before);
      expect(await balance(t, owner.token)).toBe(1_000);
    });
  });

  describe('money', () => {
    it('insufficient balance: 400 and nothing written, no transaction row', async () => {
      const poor = await newBuyer(t, 99.99);
      const before = await purchaseRowCounts(t);
      expect(await buy(t, poor.token, 'airtime', airtime('08031234567', 100))).toMatchObject({
        status: 400,
        body: { type: 'error', message: expect.stringMatching(INSUFFICIENT) },
      });
      expect(await purchaseRowCounts(t)).toEqual(before);
      expect(await balance(t, poor.token)).toBe(99.99);
      expect((await buy(t, poor.token, 'airtime', airtime('08031234567', 99.99))).status).toBe(200);
      // All of it spent; back comes the cashback, 2 % rounded down to the kobo.
      expect(await balance(t, poor.token)).toBe(1.99);
    });

    it('airtime delivered: balance drops, completed transaction, reserve then settle, a notification', async () => {
      const before = await balance(t, buyer.token);
      const reply = await buy(t, buyer.token, 'airtime', airtime('+234 803 123 4567', '150.50'));
      expect(reply).toMatchObject({
        status: 200,
        body: {
          type: 'success',
          message: 'purchase successful: ₦150.50 MTN airtime for 08031234567. You earned ₦3.01 cashback.',
          data: {
            category: 'airtime',
            amount: 150.5,
            status: 'completed',
            from: 'Wallet',
            to: '08031234567',
            display_name: 'Phone',
            display_value: '08031234567',
            cashback: 3.01,
          },
        },
      });
      expect(reply.body.data!.reference).toMatch(/^\d{12}[0-9a-f]{12}$/);
      expect(await balance(t, buyer.token)).toBeCloseTo(before - 150.5 + 3.01, 2);
      expect(await movementsOf(reply.body.data!.id)).toEqual(['purchase-reserve', 'purchase-settle']);
      expect((await notifications(buyer.token))[0]).toMatchObject({
        title: 'Purchase successful',
        content: expect.stringContaining('₦150.50 MTN airtime for 08031234567'),
      });
    });

    it('data: the amount comes from the package on the server, whatever the client sends', async () => {
      const plan = await packageOf(t, 'MTN 1GB – 30 days');
      const before = await balance(t, buyer.token);
      const reply = await buy(t, buyer.token, 'data', {
        provider_id: plan.providerId,
        package_id: plan.id,
        beneficiary: '08031234567',
        amount: 1,
        pin: PIN,
      });
      expect(reply).toMatchObject({
        status: 200,
        body: {
          type: 'success',
          data: {
            category: 'data',
            amount: 1000,
            status: 'completed',
            description: 'MTN 1GB – 30 days data for 08031234567',
          },
        },
      });
      // Less the data cashback (1.5 %).
      expect(await balance(t, buyer.token)).toBeCloseTo(before - 1000 + 15, 2);
    });

    it('a plan of another provider (same category) is refused', async () => {
      const plan = await packageOf(t, 'Airtel 2GB – 30 days');
      const mtnData = await providerId(t, 'data', 'MTN');
      expect(
        await buy(t, buyer.token, 'data', {
          provider_id: mtnData,
          package_id: plan.id,
          beneficiary: '08031234567',
          pin: PIN,
        }),
      ).toMatchObject({
        status: 422,
        body: { message: 'the selected plan is not available for this provider' },
      });
    });

    it('electricity delivered: a 20-digit token in groups of four, units, Token in the message', async () => {
      const reply = await buy(t, buyer.token, 'electricity-bill', {
        provider_id: ikeja,
        beneficiary: '45031234567',
        amount: 16_740,
        pin: PIN,
      });
      expect(reply.status).toBe(200);
      const data = reply.body.data!;
      expect(data).toMatchObject({
        status: 'completed',
        amount: 16_740,
        display_name: 'Token',
        display_value: expect.stringMatching(/^\d{4}(-\d{4}){4}$/),
      });
      expect(data.description).toBe(
        '₦16,740.00 Ikeja Electric (IKEDC) prepaid electricity for meter 45031234567: 79.9 kWh',
      );
      expect(reply.body.message).toBe(
        `purchase successful: ${data.description}. Token : ${data.display_value}. You earned ₦83.70 cashback.`,
      );
      expect((await notifications(buyer.token))[0].content).toContain(`Token : ${data.display_value}`);
    });

    it('betting and cable delivered', async () => {
      const bet = await buy(t, buyer.token, 'betting', {
        provider_id: bet9ja,
        beneficiary: '20231234',
        amount: 2_500,
        pin: PIN,
      });
      expect(bet).toMatchObject({
        status: 200,
        body: {
          data: {
            category: 'betting',
            amount: 2500,
            status: 'completed',
            display_name: 'Account',
            display_value: '20231234',
          },
        },
      });
      const compact = await packageOf(t, 'DStv Compact');
      const cable = await buy(t, buyer.token, 'tv-subscription', {
        provider_id: dstv,
        package_id: compact.id,
        beneficiary: '7023456789',
        pin: PIN,
      });
      expect(cable).toMatchObject({
        status: 200,
        body: {
          data: {
            category: 'tv-subscription',
            amount: 19_000,
            status: 'completed',
            description: 'DStv Compact for smartcard 7023456789',
          },
        },
      });
    });

    it('education delivered: serial and pin in display_value and in the message', async () => {
      const utme = await packageOf(t, 'JAMB UTME ePIN');
      const reply = await buy(t, buyer.token, 'education', {
        provider_id: utme.providerId,
        package_id: utme.id,
        beneficiary: 'ab12cd34ef',
        pin: PIN,
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({
        amount: 7700,
        status: 'completed',
        to: 'AB12CD34EF',
        display_name: 'PIN',
        display_value: expect.stringMatching(/^Serial: JMB\d{9} PIN: \d{12}$/),
      });
      expect(reply.body.message).toContain(reply.body.data!.display_value);
    });

    it('failed (…0001): 502, refunded at once, canceled, a notification that the money is back', async () => {
      const before = await balance(t, buyer.token);
      const reply = await buy(t, buyer.token, 'airtime', airtime('08030000001', 500));
      expect(reply).toMatchObject({
        status: 502,
        body: { type: 'error', message: PURCHASE_FAILED, data: { status: 'canceled', amount: 500 } },
      });
      expect(await balance(t, buyer.token)).toBe(before);
      expect(await movementsOf(reply.body.data!.id)).toEqual(['purchase-reserve', 'purchase-refund']);
      expect((await notifications(buyer.token))[0]).toMatchObject({
        title: 'Purchase failed: wallet refunded',
        content: expect.stringContaining('₦500.00 has been returned to your wallet'),
      });
    });

    it('pending (…0002): processing, money reserved, no refund; the requery job settles it delivered', async () => {
      const before = await balance(t, buyer.token);
      const reply = await buy(t, buyer.token, 'electricity-bill', {
        provider_id: ikeja,
        beneficiary: '45030000002',
        amount: 1000,
        pin: PIN,
      });
      expect(reply).toMatchObject({
        status: 200,
        body: { type: 'success', message: PURCHASE_PROCESSING, data: { status: 'processing', display_name: 'Meter' } },
      });
      const id = reply.body.data!.id;
      expect(await balance(t, buyer.token)).toBe(before - 1000);
      // Not due yet: the job leaves it alone.
      expect(await runRequery(t.ctx, purchaseDeps(t))).toMatchObject({ completed: 0, canceled: 0 });
      pastRequeryDelay(t);
      expect(await runRequery(t.ctx, purchaseDeps(t))).toMatchObject({ completed: 1, canceled: 0 });
      expect(await transaction(id)).toMatchObject({ status: 'completed', display_name: 'Token', cashback_kobo: 500n });
      // Completed by the requery: its cashback (0.5 %) comes then, not while it was processing.
      expect(await balance(t, buyer.token)).toBeCloseTo(before - 1000 + 5, 2);
      expect(await movementsOf(id)).toEqual(['purchase-reserve', 'purchase-settle']);
      expect((await notifications(buyer.token))[0]).toMatchObject({ title: 'Purchase successful' });
    });

    it('pending (…0003): the requery says failed, and only then the wallet is refunded', async () => {
      const before = await balance(t, buyer.token);
      const reply = await buy(t, buyer.token, 'airtime', airtime('08030000003', 300));
      expect(reply.body.data!.status).toBe('processing');
      expect(await balance(t, buyer.token)).toBe(before - 300);
      pastRequeryDelay(t);
      expect(await runRequery(t.ctx, purchaseDeps(t))).toMatchObject({ completed: 0, canceled: 1 });
      expect((await transaction(reply.body.data!.id)).status).toBe('canceled');
      expect(await balance(t, buyer.token)).toBe(before);
      expect((await notifications(buyer.token))[0].title).toBe('Purchase failed: wallet refunded');
    });

    it('timeout (…0004): treated as pending, then the requery settles it delivered', async () => {
      const before = await balance(t, buyer.token);
      const reply = await buy(t, buyer.token, 'betting', {
        provider_id: bet9ja,
        beneficiary: '77770004',
        amount: 1000,
        pin: PIN,
      });
      expect(reply).toMatchObject({
        status: 200,
        body: { message: PURCHASE_PROCESSING, data: { status: 'processing' } },
      });
      pastRequeryDelay(t);
      expect(await runRequery(t.ctx, purchaseDeps(t))).toMatchObject({ completed: 1 });
      expect((await transaction(reply.body.data!.id)).status).toBe('completed');
      expect(await balance(t, buyer.token)).toBe(before - 1000);
    });

    it('still pending (…0005): stays processing, and the lease keeps the next run away', async () => {
      const reply = await buy(t, buyer.token, 'airtime', airtime('08030000005', 100));
      pastRequeryDelay(t);
      expect(await runRequery(t.ctx, purchaseDeps(t))).toMatchObject({ pending: 1 });
      expect(await runRequery(t.ctx, purchaseDeps(t))).toEqual({
        completed: 0,
        canceled: 0,
        pending: 0,
        'refunded-at-deadline': 0,
        'written-off': 0,
        'exposure-closed': 0,
        'already-final': 0,
      });
      expect((await transaction(reply.body.data!.id)).status).toBe('processing');
      t.clock.advance(31_000);
      expect(await runRequery(t.ctx, purchaseDeps(t))).toMatchObject({ pending: 1 });
      // Leave nothing behind for later tests' job runs.
      await finalise(t.ctx, BigInt(reply.body.data!.id), { status: 'failed', reason: 'test cleanup' });
    });

    it('refresh-transaction requeries a processing purchase once its pay call has given up', async () => {
      const reply = await buy(t, buyer.token, 'airtime', airtime('08030000002', 200));
      const id = reply.body.data!.id;
      const refresh = () =>
        t.call<Transaction>('/api/refresh-transaction', { token: buyer.token, body: { transaction_id: id } });
      expect(await refresh()).toMatchObject({ status: 200, body: { data: { status: 'processing' } } });
      pastRequeryDelay(t);
      expect(await refresh()).toMatchObject({
        status: 200,
        body: { message: 'transaction status refreshed', data: { id, status: 'completed' } },
      });
      expect(await refresh()).toMatchObject({ status: 200, body: { message: 'transaction already completed' } });
      expect(await movementsOf(id)).toEqual(['purchase-reserve', 'purchase-settle']);
    });

    it('late or duplicate results change nothing once a bill is final', async () => {
      const delivered = await buy(t, buyer.token, 'airtime', airtime('08031112222', 100));
      const failed = await buy(t, buyer.token, 'airtime', airtime('08030000001', 100));
      const before = await balance(t, buyer.token);
      for (const [reply, outcome] of [
        [delivered, { status: 'failed', reason: 'late' }],
        [delivered, { status: 'delivered', receipt: {} }],
        [failed, { status: 'delivered', receipt: {} }],
        [failed, { status: 'failed', reason: 'again' }],
      ] as const) {
        expect(await finalise(t.ctx, BigInt(reply.body.data!.id), outcome)).toBeNull();
        expect(await requeryPurchase(t.ctx, purchaseDeps(t), BigInt(reply.body.data!.id))).toBe('already-final');
      }
      expect((await transaction(delivered.body.data!.id)).status).toBe('completed');
      expect((await transaction(failed.body.data!.id)).status).toBe('canceled');
      expect(await movementsOf(delivered.body.data!.id)).toEqual(['purchase-reserve', 'purchase-settle']);
      expect(await movementsOf(failed.body.data!.id)).toEqual(['purchase-reserve', 'purchase-refund']);
      expect(await balance(t, buyer.token)).toBe(before);
    });

    it('two requery runs at once (two replicas) settle each processing bill exactly once', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++)
        ids.push(
          (await buy(t, buyer.token, 'airtime', airtime(i % 2 ? '08030000002' : '08030000003', 100 + i))).body.data!.id,
        );
      const before = await balance(t, buyer.token);
      pastRequeryDelay(t);
      const runs = await Promise.all([runRequery(t.ctx, purchaseDeps(t)), runRequery(t.ctx, purchaseDeps(t))]);
      expect(runs.reduce((sum, run) => sum + run.completed + run.canceled, 0)).toBe(8);
      for (const id of ids) {
        const movements = await movementsOf(id);
        expect(movements).toHaveLength(2);
        expect(['purchase-settle', 'purchase-refund']).toContain(movements[1]);
      }
      // The failed ones refunded; the delivered ones (₦101, ₦103, ₦105, ₦107) earn their 2 % cashback, once each.
      expect(await balance(t, buyer.token)).toBeCloseTo(
        before + [100, 102, 104, 106].reduce((a, b) => a + b, 0) + 8.32,
        2,
      );
    });

    it('concurrent requeries of one bill, bypassing the lease, settle it once', async () => {
      const id = BigInt((await buy(t, buyer.token, 'airtime', airtime('08030000002', 100))).body.data!.id);
      const results = await Promise.all(Array.from({ length: 10 }, () => requeryPurchase(t.ctx, purchaseDeps(t), id)));
      expect(results.filter((r) => r === 'completed')).toHaveLength(1);
      expect(results.filter((r) => r === 'already-final')).toHaveLength(9);
      expect(await movementsOf(Number(id))).toEqual(['purchase-reserve', 'purchase-settle']);
    });
  });

  describe('idempotency', () => {
    it('the same key and body answer the stored response, executed once', async () => {
      const key = newKey();
      const before = await balance(t, buyer.token);
      const first = await buy(t, buyer.token, 'airtime', airtime('08031234567', 250), key);
      const again = await buy(t, buyer.token, 'airtime', airtime('+2348031234567', '250.00'), key);
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual(first.body);
      // One purchase, one cashback (2 %).
      expect(await balance(t, buyer.token)).toBeCloseTo(before - 250 + 5, 2);
      expect(
        await t.db
          .selectFrom('transactions')
          .select('id')
          .where('reference', '=', first.body.data!.reference)
          .execute(),
      ).toHaveLength(1);
    });

    it('a failed purchase replays its 502 without executing again', async () => {
      const key = newKey();
      const first = await buy(t, buyer.token, 'airtime', airtime('08030000001', 100), key);
      const count = await purchaseRowCounts(t);
      const again = await buy(t, buyer.token, 'airtime', airtime('08030000001', 100), key);
      expect({ status: again.status, body: again.body }).toEqual({ status: 502, body: first.body });
      expect(await purchaseRowCounts(t)).toEqual(count);
    });

    it('the same key with a different body (amount, beneficiary, service) is 409, and nothing runs', async () => {
      const key = newKey();
      expect((await buy(t, buyer.token, 'airtime', airtime('08031234567', 100), key)).status).toBe(200);
      const count = await purchaseRowCounts(t);
      const plan = await packageOf(t, 'MTN 1GB – 30 days');
      for (const [category, body] of [
        ['airtime', airtime('08031234567', 101)],
        ['airtime', airtime('08031234568', 100)],
        ['data', { provider_id: plan.providerId, package_id: plan.id, beneficiary: '08031234567', pin: PIN }],
      ] as const) {
        expect(await buy(t, buyer.token, category, body, key)).toMatchObject({
          status: 409,
          body: { type: 'error', message: 'this idempotency key was used for a different request' },
        });
      }
      expect(await purchaseRowCounts(t)).toEqual(count);
    });

    it('keys are per user: another user may use the same key', async () => {
      const key = newKey();
      const other = await newBuyer(t, 500);
      expect((await buy(t, buyer.token, 'airtime', airtime('08031234567', 100), key)).status).toBe(200);
      expect((await buy(t, other.token, 'airtime', airtime('08031234567', 100), key)).status).toBe(200);
      expect(await balance(t, other.token)).toBe(402);
    });

    it('100 parallel copies of one request execute once and all answer the same', async () => {
      const key = newKey();
      const before = await balance(t, buyer.token);
      const replies = await Promise.all(
        Array.from({ length: 100 }, () => buy(t, buyer.token, 'airtime', airtime('08035550000', 120), key)),
      );
      expect(new Set(replies.map((r) => r.status))).toEqual(new Set([200]));
      expect(new Set(replies.map((r) => JSON.stringify(r.body))).size).toBe(1);
      expect(await balance(t, buyer.token)).toBeCloseTo(before - 120 + 2.4, 2);
      expect(
        await t.db
          .selectFrom('transactions')
          .select('id')
          .where('reference', '=', replies[0].body.data!.reference)
          .execute(),
      ).toHaveLength(1);
    });
  });

  describe('verify-merchant', () => {
    const verify = (body: unknown) =>
      t.call<Record<string, string>>('/api/verify-merchant', { token: buyer.token, body });

    it('electricity: name and address; betting: name and username; cable and exams: name', async () => {
      const electricity = await verify({ provider_id: ikeja, beneficiary: '45031234567' });
      expect(electricity).toMatchObject({
        status: 200,
        body: {
          type: 'success',
          data: { name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/), address: expect.stringMatching(/Lagos$/) },
        },
      });
      expect((await verify({ provider_id: ikeja, beneficiary: '45031234567' })).body).toEqual(electricity.body);
      const betting = await verify({ provider_id: bet9ja, beneficiary: '20231234' });
      expect(betting.body.data).toEqual({
        name: expect.stringMatching(/^\w+ \w+$/),
        username: expect.stringMatching(/^[a-z]+\d+$/),
      });
      // DStv (and GOtv) also tell the bouquet, the renewal amount and the due date: the next day of the month the digits before the last four name (45: none, so today).
      expect((await verify({ provider_id: dstv, beneficiary: '7023456789' })).body.data).toEqual({
        name: expect.any(String),
        current_plan: expect.stringMatching(/^DStv /),
        renewal_amount: expect.any(Number),
        due_date: lagosDay(t.clock.now()),
      });
      const startimes = await providerId(t, 'tv-subscription', 'StarTimes');
      expect((await verify({ provider_id: startimes, beneficiary: '02123456789' })).body.data).toEqual({
        name: expect.any(String),
      });
      const jamb = await providerId(t, 'education', 'JAMB');
      expect((await verify({ provider_id: jamb, beneficiary: 'AB12CD34EF' })).body.data).toEqual({
        name: expect.any(String),
      });
    });

    it('unknown customer (…9999) is 404; airtime needs none; bad numbers and missing fields are 422', async () => {
      expect(await verify({ provider_id: ikeja, beneficiary: '45030009999' })).toMatchObject({
        status: 404,
        body: { type: 'error', message: 'we could not find a customer with that number' },
      });
      expect(await verify({ provider_id: mtn, beneficiary: '08031234567' })).toMatchObject({
        status: 422,
        body: { message: 'this service does not need merchant verification' },
      });
      expect(await verify({ provider_id: ikeja, beneficiary: '123' })).toMatchObject({
        status: 422,
        body: { message: 'meter number must be 11 to 13 digits' },
      });
      expect(await verify({ provider_id: ikeja })).toMatchObject({
        status: 422,
        body: { message: 'all fields are required' },
      });
      expect(await verify({ provider_id: 999_999, beneficiary: '45031234567' })).toMatchObject({
        status: 422,
        body: { message: 'the selected provider is not available for this service' },
      });
    });
  });

  describe('recent beneficiaries', () => {
    it('up to five distinct beneficiaries of the category, most recent first, with the provider used last', async () => {
      const person = await newBuyer(t, 5_000);
      const glo = await providerId(t, 'airtime', 'Glo');
      const numbers = ['08031000011', '08031000012', '08031000013', '08031000014', '08031000015', '08031000016'];
      for (const n of numbers) expect((await buy(t, person.token, 'airtime', airtime(n, 50))).status).toBe(200);
      expect(
        (await buy(t, person.token, 'airtime', { provider_id: glo, beneficiary: '08031000012', amount: 50, pin: PIN }))
          .status,
      ).toBe(200);
      await buy(t, person.token, 'betting', { provider_id: bet9ja, beneficiary: '1234', amount: 100, pin: PIN });
      const reply = await t.call('/api/recent-beneficiaries', { token: person.token, body: { category: 'airtime' } });
      expect(reply).toMatchObject({ status: 200, body: { type: 'success' } });
      expect(reply.body.data).toEqual([
        { beneficiary: '08031000012', provider_id: glo, provider_name: 'Glo' },
        { beneficiary: '08031000016', provider_id: mtn, provider_name: 'MTN' },
        { beneficiary: '08031000015', provider_id: mtn, provider_name: 'MTN' },
        { beneficiary: '08031000014', provider_id: mtn, provider_name: 'MTN' },
        { beneficiary: '08031000013', provider_id: mtn, provider_name: 'MTN' },
      ]);
      expect(
        (await t.call('/api/recent-beneficiaries', { token: person.token, body: { category: 'betting' } })).body.data,
      ).toEqual([{ beneficiary: '1234', provider_id: bet9ja, provider_name: 'Bet9ja' }]);
      expect(
        (await t.call('/api/recent-beneficiaries', { token: buyer.token, body: { category: 'education' } })).body.data,
      ).toEqual([{ beneficiary: 'AB12CD34EF', provider_id: expect.any(Number), provider_name: 'JAMB' }]);
      expect(
        await t.call('/api/recent-beneficiaries', { token: person.token, body: { category: 'funding' } }),
      ).toMatchObject({ status: 422 });
    });
  });

  it('a valid purchase with one field made hostile never answers 5xx, and a refusal writes nothing', async () => {
    const fuzzer = await newBuyer(t, 100_000);
    const compact = await packageOf(t, 'DStv Compact');
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '',
        ' ',
        '0',
        '-1',
        '1e9',
        '100.001',
        '08031234567',
        '+2348031234567',
        "' OR 1=1 --",
        '\u0000',
        '🙂'.repeat(20),
        'x'.repeat(500),
      ),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
    );
    const valid: Record<string, () => Record<string, unknown>> = {
      airtime: () => airtime('08031234567', 100),
      'tv-subscription': () => ({ provider_id: dstv, package_id: compact.id, beneficiary: '7023456789', pin: PIN }),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(valid)),
        fc.constantFrom('provider_id', 'package_id', 'beneficiary', 'amount'),
        fc.option(hostile, { nil: undefined }),
        async (category, field, value) => {
          const body = { ...valid[category](), [field]: value };
          const before = await purchaseRowCounts(t);
          const reply = await buy(t, fuzzer.token, category, body);
          expect(reply.status, `${category} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (reply.status >= 400) {
            expect(reply.body.type).toBe('error');
            expect(await purchaseRowCounts(t), `${category} ${JSON.stringify(body)}`).toEqual(before);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
