import { randomBytes, randomInt } from 'node:crypto';
import { paystackCardSuccess } from '../../server/gateways/paystackWebhook';
import { jsonBody, type Answer, type FakeRequest } from './fakeServer';

/**
 * The card part of the fake Paystack (paystackServer.ts), written from paystack.com/docs:
 * /api/transaction (initialize, verify), /payments/accept-payments (the redirect flow:
 * `callback_url` gets `?trxref=&reference=`, `metadata.cancel_action` receives a customer who
 * cancels) and /payments/webhooks (`charge.success`, channel card).
 *
 * - POST /transaction/initialize { email, amount (kobo, text or number), reference, currency,
 *   channels, callback_url, metadata.cancel_action } → { authorization_url, access_code,
 *   reference }; a reference used before → 400 "Duplicate Transaction Reference".
 * - GET /checkout/{access_code}: the hosted page (a stand-in for checkout.paystack.com): Pay,
 *   Decline (the card is declined: status failed) and Cancel (status stays abandoned, the
 *   customer goes to cancel_action). Paying sends `charge.success` and then redirects to the
 *   callback; how the two are ordered is `webhooks` ('before-redirect', or 'held' until
 *   `releaseWebhooks()`: the customer is back before Paystack's webhook).
 * - A transaction not paid yet verifies as `abandoned`, as Paystack's does.
 */

export interface CardTransaction {
  id: number;
  reference: string;
  accessCode: string;
  email: string;
  amountKobo: bigint;
  currency: string;
  callbackUrl: string | null;
  cancelUrl: string | null;
  status: 'abandoned' | 'success' | 'failed';
  createdAt: Date;
  paidAt: Date | null;
  customerCode: string;
}

export type CardWebhookMode = 'before-redirect' | 'held';

const failure = (status: number, message: string): Answer => ({ status, body: { status: false, message } });
const page = (text: string): Answer => ({
  status: 200,
  body: null,
  page: { text, headers: { 'content-type': 'text/html; charset=utf-8' } },
});
const redirect = (location: string): Answer => ({ status: 302, body: null, page: { text: '', headers: { location } } });
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class FakeCheckout {
  readonly transactions = new Map<string, CardTransaction>();
  webhooks: CardWebhookMode = 'before-redirect';
  readonly #held: string[] = [];

  constructor(
    private readonly baseUrl: () => string,
    private readonly deliver: (event: object) => Promise<unknown>,
    /** The mode its transactions report (`data.domain`), the fake Paystack's. */
    private readonly domain: 'test' | 'live',
  ) {}

  initialize(request: FakeRequest): Answer {
    const body = jsonBody(request);
    if (!body || typeof body.email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(body.email))
      return failure(400, 'Invalid Email Address Passed');
    const amount =
      typeof body.amount === 'string' ? body.amount : typeof body.amount === 'number' ? String(body.amount) : '';
    if (!/^[1-9]\d{0,12}$/.test(amount)) return failure(400, 'Invalid Amount Sent');
    const reference =
      typeof body.reference === 'string' && body.reference !== '' ? body.reference : randomBytes(5).toString('hex');
    if (this.transactions.has(reference)) return failure(400, 'Duplicate Transaction Reference');
    const metadata = (body.metadata ?? {}) as { cancel_action?: unknown };
    const accessCode = randomBytes(8).toString('hex').slice(0, 15);
    this.transactions.set(reference, {
      id: randomInt(1_000_000_000, 2_000_000_000),
      reference,
      accessCode,
      email: body.email.toLowerCase(),
      amountKobo: BigInt(amount),
      currency: typeof body.currency === 'string' ? body.currency : 'NGN',
      callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      cancelUrl: typeof metadata.cancel_action === 'string' ? metadata.cancel_action : null,
      status: 'abandoned',
      createdAt: new Date(),
      paidAt: null,
      customerCode: `CUS_${randomBytes(8).toString('hex').slice(0, 15)}`,
    });
    return {
      status: 200,
      body: {
        status: true,
        message: 'Authorization URL created',
        data: { authorization_url: `${this.baseUrl()}/checkout/${accessCode}`, access_code: accessCode, reference },
      },
    };
  }

  /** The transaction as verify and the list show it. */
  json(transaction: CardTransaction) {
    const { data } = paystackCardSuccess({
      reference: transaction.reference,
      amountKobo: transaction.amountKobo,
      email: transaction.email,
      paidAt: transaction.paidAt ?? transaction.createdAt,
      id: transaction.id,
    });
    return {
      ...data,
      domain: this.domain,
      status: transaction.status,
      currency: transaction.currency,
      gateway_response:
        transaction.status === 'success'
          ? 'Successful'
          : transaction.status === 'failed'
            ? 'Declined'
            : 'The transaction was not completed',
      paid_at: transaction.paidAt?.toISOString() ?? null,
      paidAt: transaction.paidAt?.toISOString() ?? null,
      customer: { ...data.customer, customer_code: transaction.customerCode },
    };
  }

  /** GET /checkout/{code} and POST /checkout/{code}/{pay|decline|cancel}; undefined for any other path. */
  async handle(request: FakeRequest, url: URL): Promise<Answer | undefined> {
    const match = /^\/checkout\/([0-9a-f]+)(?:\/(pay|decline|cancel))?$/.exec(url.pathname);
    if (!match) return undefined;
    const transaction = [...this.transactions.values()].find((candidate) => candidate.accessCode === match[1]);
    if (!transaction) return page('<!doctype html><title>Checkout</title><p>This payment link is no longer valid.</p>');
    const action = match[2];
    if (request.method === 'GET' && !action) return page(this.#page(transaction));
    if (request.method !== 'POST' || !action) return failure(405, 'Method not allowed');
    if (action === 'cancel') return redirect(transaction.cancelUrl ?? transaction.callbackUrl ?? this.baseUrl());
    if (transaction.status === 'abandoned') {
      transaction.status = action === 'pay' ? 'success' : 'failed';
      transaction.paidAt = action === 'pay' ? new Date() : null;
      if (action === 'pay') {
        if (this.webhooks === 'held') this.#held.push(transaction.reference);
        else
          await this.deliver(
            paystackCardSuccess({
              reference: transaction.reference,
              amountKobo: transaction.amountKobo,
              email: transaction.email,
              paidAt: transaction.paidAt!,
              id: transaction.id,
            }),
          );
      }
    }
    const back = transaction.callbackUrl ?? this.baseUrl();
    return redirect(
      `${back}${back.includes('?') ? '&' : '?'}${new URLSearchParams({ trxref: transaction.reference, reference: transaction.reference })}`,
    );
  }

  /** Sends the charge.success webhooks held back; answers how many. */
  async releaseWebhooks(): Promise<number> {
    const references = this.#held.splice(0);
    for (const reference of references) {
      const transaction = this.transactions.get(reference)!;
      await this.deliver(
        paystackCardSuccess({
          reference,
          amountKobo: transaction.amountKobo,
          email: transaction.email,
          paidAt: transaction.paidAt!,
          id: transaction.id,
        }),
      );
    }
    return references.length;
  }

  #page(transaction: CardTransaction): string {
    const naira = `₦${(Number(transaction.amountKobo) / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;
    const action = (name: string) => `/checkout/${transaction.accessCode}/${name}`;
    return [
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Paystack checkout (fake)</title></head><body><main>',
      '<h1>Paystack checkout (fake)</h1>',
      `<p>${escapeHtml(transaction.email)} pays <strong>${escapeHtml(naira)}</strong></p>`,
      transaction.status === 'abandoned' ? '' : `<p>This payment is ${transaction.status}.</p>`,
      `<form method="post" action="${action('pay')}"><button type="submit">Pay ${escapeHtml(naira)}</button></form>`,
      `<form method="post" action="${action('decline')}"><button type="submit">Decline card</button></form>`,
      `<form method="post" action="${action('cancel')}"><button type="submit">Cancel payment</button></form>`,
      '</main></body></html>',
    ].join('');
  }
}
