import { beforeAll, expect } from 'vitest';
import { runRequery } from '../../../server/jobs/requery';
import { requeryPurchase } from '../../../server/services/purchases/requery';
import type { TestApp } from './app';
import { chargeSuccess, deliver, newReference } from './bank';
import { buy, packageOf, pastRequeryDelay, PIN, providerId, purchaseDeps, type Buyer } from './purchases';

/**
 * What the tests of the messages each outcome sends (the e-mailed receipts, the texts) do alike
 * to bring the outcomes about; each then reads its own channel.
 */

export interface AirtimeBuyer {
  /** Made before the block's tests: read it inside them. */
  readonly buyer: Buyer;
  /** An MTN airtime purchase's body: the simulated biller's beneficiary decides its outcome. */
  airtime(
    beneficiary: string,
    amount: number,
  ): { provider_id: number; beneficiary: string; amount: number; pin: string };
}

/** The block's buyer, made by `make` before its tests, and what it buys airtime with. */
export function useAirtimeBuyer(t: TestApp, make: () => Promise<Buyer>): AirtimeBuyer {
  let buyer: Buyer | undefined;
  let mtn = 0;
  beforeAll(async () => {
    buyer = await make();
    mtn = await providerId(t, 'airtime', 'MTN');
  });
  return {
    get buyer() {
      if (!buyer) throw new Error('the buyer is made before the tests: read it inside one');
      return buyer;
    },
    airtime: (beneficiary, amount) => ({ provider_id: mtn, beneficiary, amount, pin: PIN }),
  };
}

/** ₦2,000 of Ikeja Electric to the meter 45031234567: a purchase whose token the customer must keep. */
export async function buyElectricity(t: TestApp, token: string) {
  const ikeja = await providerId(t, 'electricity-bill', 'Ikeja Electric (IKEDC)');
  const body = { provider_id: ikeja, beneficiary: '45031234567', amount: 2_000, pin: PIN };
  return (await buy(t, token, 'electricity-bill', body)).body.data!;
}

/** An exam pin of the package named, for `beneficiary` (a phone number or a JAMB profile code). */
export async function buyExamPin(t: TestApp, token: string, name: string, beneficiary: string) {
  const exam = await packageOf(t, name);
  const body = { provider_id: exam.providerId, package_id: exam.id, beneficiary, pin: PIN };
  return (await buy(t, token, 'education', body)).body.data!;
}

/**
 * A pending bill past its requery delay, settled by the requery job and four requeries at once,
 * so a test can see that its message goes once however many settle it.
 */
export async function settleAtOnce(t: TestApp, purchaseId: number) {
  pastRequeryDelay(t);
  await Promise.all([
    runRequery(t.ctx, purchaseDeps(t)),
    ...Array.from({ length: 4 }, () => requeryPurchase(t.ctx, purchaseDeps(t), BigInt(purchaseId))),
  ]);
}

/** ₦12,345 from Bola Ige by the partner's webhook, delivered twice (a replay): answers its reference. */
export async function replayedFunding(t: TestApp, accountNumber: string): Promise<string> {
  const reference = newReference();
  const body = JSON.stringify(
    chargeSuccess(t, { accountNumber, amount: 1_234_500, reference, senderName: 'Bola Ige' }),
  );
  expect((await deliver(t, body)).status).toBe(200);
  expect((await deliver(t, body)).status).toBe(200);
  return reference;
}
