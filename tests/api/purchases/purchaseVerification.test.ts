import { beforeAll, describe, expect, it } from 'vitest';
import type { MerchantDetails, Paginated, Transaction } from '../../../core/contract';
import type { Biller, CustomerLookup } from '../../../server/gateways/biller';
import { SimulatedBiller } from '../../../server/gateways/simulatedBiller';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import {
  balance,
  buy,
  newBuyer,
  packageOf,
  PIN,
  providerId,
  purchaseRowCounts,
  type Buyer,
} from '../../support/api/purchases';

/** The simulated biller, except that its customer lookup cannot be reached for numbers ending in 8888. */
class FlakyLookupBiller implements Biller {
  readonly name = 'simulated';
  readonly #simulated = new SimulatedBiller();
  pay: Biller['pay'] = (bill) => this.#simulated.pay(bill);
  requery: Biller['requery'] = (bill) => this.#simulated.requery(bill);
  verify(customer: CustomerLookup): Promise<MerchantDetails | null> {
    if (customer.beneficiary.endsWith('8888')) return Promise.reject(new Error('connect ECONNREFUSED'));
    return this.#simulated.verify(customer);
  }
}

const NOT_FOUND = 'we could not find a customer with that number';
const UNREACHABLE = 'we could not reach the biller to verify this customer, please try again';

describe.each(backends)('a purchase verifies the number it bills, on $name', (backend) => {
  let buyer: Buyer;
  let ikeja: number;
  let bet9ja: number;
  const t = useTestApp(backend, { biller: new FlakyLookupBiller() });
  beforeAll(async () => {
    buyer = await newBuyer(t, 50_000);
    [ikeja, bet9ja] = [
      await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)'),
      await providerId(t, 'betting', 'Bet9ja'),
    ];
  });

  const verify = (provider_id: number, beneficiary: string) =>
    t.call<MerchantDetails>('/api/verify-merchant', { token: buyer.token, body: { provider_id, beneficiary } });
  const meter = (beneficiary: string) => ({ provider_id: ikeja, beneficiary, amount: 1_000, pin: PIN });
  const listed = async () =>
    (
      await t.call<Paginated<Transaction>>('/api/fetch-transactions', {
        token: buyer.token,
        body: { pagination: 10, page: 1 },
      })
    ).body.data!.data;

  /** A refused purchase: the status and message, and not a row written nor a kobo moved. */
  async function refusedWithNothingCharged(body: object, category: string, status: number, message: string) {
    const before = { rows: await purchaseRowCounts(t), balance: await balance(t, buyer.token) };
    expect(await buy(t, buyer.token, category, body)).toMatchObject({ status, body: { type: 'error', message } });
    expect(await purchaseRowCounts(t)).toEqual(before.rows);
    expect(await balance(t, buyer.token)).toBe(before.balance);
  }

  it('an unknown customer is 404, as verify-merchant says, and nothing is charged', async () => {
    expect(await verify(ikeja, '45030009999')).toMatchObject({ status: 404, body: { message: NOT_FOUND } });
    await refusedWithNothingCharged(meter('45030009999'), 'electricity-bill', 404, NOT_FOUND);
    await refusedWithNothingCharged(
      { provider_id: bet9ja, beneficiary: '20239999', amount: 500, pin: PIN },
      'betting',
      404,
      NOT_FOUND,
    );
    const gotv = await packageOf(t, 'GOtv Jolli');
    await refusedWithNothingCharged(
      { provider_id: gotv.providerId, package_id: gotv.id, beneficiary: '7020009999', pin: PIN },
      'tv-subscription',
      404,
      NOT_FOUND,
    );
  });

  it('a biller that cannot be reached is 503 with Retry-After from verify-merchant, and nothing is charged', async () => {
    expect(await verify(ikeja, '45030008888')).toMatchObject({
      status: 503,
      headers: { 'retry-after': '30' },
      body: { message: UNREACHABLE },
    });
    await refusedWithNothingCharged(meter('45030008888'), 'electricity-bill', 503, UNREACHABLE);
  });

  it('the holder of the number billed is on the transaction, not the holder verified before the number changed', async () => {
    const verifiedFirst = (await verify(ikeja, '45031230001')).body.data!;
    const billed = (await verify(ikeja, '45031234567')).body.data!;
    expect(billed.name).not.toBe(verifiedFirst.name);
    const reply = await buy(t, buyer.token, 'electricity-bill', meter('45031234567'));
    expect(reply).toMatchObject({
      status: 200,
      body: { data: { status: 'completed', to: '45031234567', customer_name: billed.name } },
    });
    expect((await listed()).find((row) => row.id === reply.body.data!.id)).toMatchObject({
      customer_name: billed.name,
    });
  });

  it('a failed bill keeps its holder; services that verify nothing have none', async () => {
    const failed = await buy(t, buyer.token, 'electricity-bill', meter('45031230001'));
    expect(failed).toMatchObject({
      status: 502,
      body: { data: { status: 'canceled', customer_name: (await verify(ikeja, '45031230001')).body.data!.name } },
    });
    const bet = await buy(t, buyer.token, 'betting', {
      provider_id: bet9ja,
      beneficiary: '20231234',
      amount: 500,
      pin: PIN,
    });
    expect(bet.body.data!.customer_name).toBe((await verify(bet9ja, '20231234')).body.data!.name);
    const airtime = await buy(t, buyer.token, 'airtime', {
      provider_id: await providerId(t, 'airtime', 'MTN'),
      beneficiary: '08031234567',
      amount: 100,
      pin: PIN,
    });
    expect(airtime.status).toBe(200);
    expect(airtime.body.data).not.toHaveProperty('customer_name');
    const waec = await packageOf(t, 'WAEC Result Checker PIN');
    const exam = await buy(t, buyer.token, 'education', {
      provider_id: waec.providerId,
      package_id: waec.id,
      beneficiary: '08031234567',
      pin: PIN,
    });
    expect(exam.status).toBe(200);
    expect(exam.body.data).not.toHaveProperty('customer_name');
  });
});
