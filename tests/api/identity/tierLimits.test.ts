import { beforeAll, describe, expect, it } from 'vitest';
import type { FundingStatus, Notification, UserData } from '../../../core/contract';
import { identityMessages } from '../../../core/words/identity';
import { recordTier3Decision } from '../../../server/services/identity/kycDecisions';
import { nuban } from '../../../server/services/funding/nuban';
import { identityNumber, signUpWithPin } from '../../support/api/accounts';
import { createAccounts, userIdOf } from '../../support/api/bank';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';
import { balance, buy, fund, newBuyer, newKey, PIN, providerId, purchaseRowCounts } from '../../support/api/purchases';
import { SIMULATED_DATE_OF_BIRTH as BORN } from '../../../server/gateways/simulatedIdentity';

const HOUR = 3_600_000;
const TIER_1_REFUSAL = (left: string) =>
  `this purchase is above your daily limit: tier 1 allows ₦50,000.00 a day and ${left} is left today. Verify both your BVN and NIN on your profile to raise your limits.`;

/**
 * The CBN tier limits (core/tiers.ts): a purchase past the day's limit is refused before any
 * money moves, saying the limit, what is left and how to raise it; money past the balance cap
 * is credited and the user is told to upgrade. The ledger audit runs after every test.
 */
describe.each(backends)('tier limits on $name', (backend) => {
  let mtn: number;
  // Mid-morning in Lagos, so a test's purchases share one day unless it moves the clock on.
  const t = useTestApp(backend, { clock: new ManualClock(new Date('2026-03-02T09:00:00Z')) });
  beforeAll(async () => {
    mtn = await providerId(t, 'airtime', 'MTN');
  });

  const airtime = (amount: number, beneficiary = '08031234567') => ({
    provider_id: mtn,
    beneficiary,
    amount,
    pin: PIN,
  });
  const limits = async (token: string) => (await t.call<UserData>('/api/get-user', { token })).body.data!.limits;

  it('a user with no verified BVN or NIN cannot fund the wallet at all: no account numbers, no card top-up', async () => {
    const person = await signUpWithPin(t);
    expect(await limits(person.token)).toEqual({
      tier: 0,
      can_fund: false,
      daily_limit: 50_000,
      spent_today: 0,
      left_today: 50_000,
      balance_cap: 0,
    });
    expect(await t.call('/api/create-accounts', { token: person.token })).toMatchObject({
      status: 403,
      body: { type: 'error', message: identityMessages.identityRequired.message },
    });
    expect(await t.call('/api/card-topups', { token: person.token, body: { amount: 5_000 } })).toMatchObject({
      status: 403,
      body: { message: identityMessages.identityRequired.message },
    });
    expect((await t.call<FundingStatus>('/api/funding', { token: person.token })).body.data).toMatchObject({
      identity: { bvn: false, nin: false },
      accounts: [],
      partners: [],
      card: null,
    });
  });

  it('one of BVN or NIN gives tier 1: ₦50,000 a day, ₦300,000 balance cap', async () => {
    const buyer = await newBuyer(t, 0, { tier: 1 });
    expect(await limits(buyer.token)).toEqual({
      tier: 1,
      can_fund: true,
      daily_limit: 50_000,
      spent_today: 0,
      left_today: 50_000,
      balance_cap: 300_000,
    });
  });

  it('a purchase past what is left today is refused with the limit, what is left and how to raise it; nothing is written', async () => {
    const buyer = await newBuyer(t, 100_000, { tier: 1 });
    expect((await buy(t, buyer.token, 'airtime', airtime(30_000))).status).toBe(200);
    expect((await buy(t, buyer.token, 'airtime', airtime(15_000))).status).toBe(200);
    const before = await purchaseRowCounts(t);
    const money = await balance(t, buyer.token);
    expect(await buy(t, buyer.token, 'airtime', airtime(5_000.01))).toMatchObject({
      status: 403,
      body: { type: 'error', message: TIER_1_REFUSAL('₦5,000.00') },
    });
    expect(await purchaseRowCounts(t)).toEqual(before);
    expect(await balance(t, buyer.token)).toBe(money);
    expect(await limits(buyer.token)).toMatchObject({ spent_today: 45_000, left_today: 5_000 });
    // Exactly what is left is allowed; then nothing is.
    expect((await buy(t, buyer.token, 'airtime', airtime(5_000))).status).toBe(200);
    expect(await buy(t, buyer.token, 'airtime', airtime(50))).toMatchObject({
      status: 403,
      body: { message: TIER_1_REFUSAL('₦0.00') },
    });
  });

  it('a refunded bill gives its amount back to the day; a processing one counts', async () => {
    const buyer = await newBuyer(t, 100_000, { tier: 1 });
    expect((await buy(t, buyer.token, 'airtime', airtime(40_000, '08030000001'))).body.data!.status).toBe('canceled');
    expect((await buy(t, buyer.token, 'airtime', airtime(40_000, '08030000002'))).body.data!.status).toBe('processing');
    expect(await limits(buyer.token)).toMatchObject({ spent_today: 40_000, left_today: 10_000 });
    expect((await buy(t, buyer.token, 'airtime', airtime(10_001))).status).toBe(403);
  });

  it('the limit starts again at midnight in Lagos', async () => {
    const buyer = await newBuyer(t, 100_000, { tier: 1 });
    expect((await buy(t, buyer.token, 'airtime', airtime(50_000))).status).toBe(200);
    expect((await buy(t, buyer.token, 'airtime', airtime(100))).status).toBe(403);
    // 09:00 UTC is 10:00 in Lagos: 14 hours on is 00:00 the next day there (23:00 UTC).
    t.clock.advance(14 * HOUR);
    expect(await limits(buyer.token)).toMatchObject({ spent_today: 0, left_today: 50_000 });
    expect((await buy(t, buyer.token, 'airtime', airtime(100))).status).toBe(200);
    t.clock.advance(10 * HOUR);
  });

  it('concurrent purchases are counted one after the other: no more than the limit gets through', async () => {
    const buyer = await newBuyer(t, 100_000, { tier: 1 });
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => buy(t, buyer.token, 'airtime', airtime(12_000), newKey())),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(4);
    expect(replies.filter((reply) => reply.status === 403)).toHaveLength(4);
    expect(await limits(buyer.token)).toMatchObject({ spent_today: 48_000, left_today: 2_000 });
  });

  it('a BVN beside the NIN raises the user to tier 2 (₦200,000 a day), and the refused purchase goes through', async () => {
    const buyer = await newBuyer(t, 250_000, { tier: 1 });
    expect((await buy(t, buyer.token, 'airtime', airtime(50_000))).status).toBe(200);
    expect((await buy(t, buyer.token, 'airtime', airtime(20_000))).status).toBe(403);
    const upgraded = await t.call<UserData>('/api/update-profile', {
      token: buyer.token,
      body: { device: 'web', name: buyer.name, phone: buyer.phone, bvn: identityNumber(), date_of_birth: BORN },
    });
    expect(upgraded.body.data!.limits).toEqual({
      tier: 2,
      can_fund: true,
      daily_limit: 200_000,
      spent_today: 50_000,
      left_today: 150_000,
      balance_cap: 500_000,
    });
    const [notification] = (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body
      .data!;
    expect(notification).toMatchObject({
      title: 'Upgraded to tier 2',
      content: 'Your BVN is verified: you can now spend up to ₦200,000.00 a day and hold up to ₦500,000.00.',
    });
    expect((await buy(t, buyer.token, 'airtime', airtime(20_000))).status).toBe(200);
    // Tier 2 says what tier 3 takes.
    expect((await buy(t, buyer.token, 'airtime', airtime(50_000))).status).toBe(200);
    expect((await buy(t, buyer.token, 'airtime', airtime(50_000))).status).toBe(200);
    expect(await buy(t, buyer.token, 'airtime', airtime(50_000))).toMatchObject({
      status: 403,
      body: {
        message:
          'this purchase is above your daily limit: tier 2 allows ₦200,000.00 a day and ₦30,000.00 is left today. Tier 3 also needs a verified address: contact support to have it checked.',
      },
    });
  });

  it('a transfer past the balance cap is credited in full, and the user is told to upgrade', async () => {
    const buyer = await newBuyer(t, 250_000, { tier: 1 });
    const notifications = async () =>
      (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body.data!;
    expect((await notifications()).map((n) => n.title)).not.toContain('Wallet above your limit');
    await fund(t, buyer.accountNumber, 100_000);
    expect(await balance(t, buyer.token)).toBe(350_000);
    expect((await notifications())[0]).toMatchObject({
      title: 'Wallet above your limit',
      content:
        'Your wallet holds ₦350,000.00, above the ₦300,000.00 a tier 1 wallet may hold. The money is yours and stays in your wallet. Verify both your BVN and NIN on your profile to raise your limits.',
    });
  });

  it('tier 3 has no balance cap', async () => {
    const buyer = await newBuyer(t, 600_000);
    expect(await limits(buyer.token)).toMatchObject({ tier: 3, daily_limit: 5_000_000, balance_cap: null });
    expect(
      (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body.data!.map((n) => n.title),
    ).not.toContain('Wallet above your limit');
  });

  it('tier 3 is reached only by an operator recording a verified address, over a verified BVN and NIN; the record is append-only', async () => {
    const buyer = await newBuyer(t, 0, { tier: 1 });
    const decision = {
      email: buyer.email,
      address: '3 Broad Street, Lagos Island',
      decidedBy: 'Amaka (support)',
      note: 'utility bill checked',
      now: t.clock.now(),
    };
    expect(await recordTier3Decision(t.db, decision)).toEqual({
      status: 'refused',
      reason: 'tier 3 needs a verified BVN and NIN first',
    });
    expect((await limits(buyer.token)).tier).toBe(1);
    const body = { device: 'web', name: buyer.name, phone: buyer.phone, bvn: identityNumber(), date_of_birth: BORN };
    await t.call('/api/update-profile', { token: buyer.token, body });
    expect((await limits(buyer.token)).tier).toBe(2);
    expect(await recordTier3Decision(t.db, decision)).toEqual({ status: 'recorded' });
    expect(await limits(buyer.token)).toMatchObject({ tier: 3, balance_cap: null });
    const [notification] = (await t.call<Notification[]>('/api/fetch-notifications', { token: buyer.token })).body
      .data!;
    expect(notification.title).toBe('Upgraded to tier 3');
    await expect(t.db.updateTable('kyc_decisions').set({ note: 'changed' }).execute()).rejects.toThrow(
      /kyc decisions are a record/,
    );
    await expect(t.db.deleteFrom('kyc_decisions').execute()).rejects.toThrow(/kyc decisions are a record/);
  });

  it('money reaching an account opened before identity came first is credited, and its owner asked to verify', async () => {
    const person = await signUpWithPin(t);
    const userId = await userIdOf(t, person.email);
    const number = nuban('035', '987650001');
    await t.db
      .insertInto('virtual_accounts')
      .values({
        user_id: userId,
        provider: 'simulated',
        bank_name: 'Wema Bank',
        bank_code: '035',
        account_number: number,
        created_at: t.clock.now(),
      })
      .execute();
    // Kept, not listed: a wallet with no identity is given no number to pay into.
    expect((await t.call<UserData>('/api/get-user', { token: person.token })).body.data!.accounts).toEqual([]);
    await fund(t, number, 2_000);
    expect(await balance(t, person.token)).toBe(2_000);
    const [notification] = (await t.call<Notification[]>('/api/fetch-notifications', { token: person.token })).body
      .data!;
    expect(notification).toMatchObject({ title: 'Verify your BVN or NIN' });
    // Verified, the account comes back with its number.
    expect(await createAccounts(t, person.token)).toContainEqual(expect.objectContaining({ account_number: number }));
  });
});
