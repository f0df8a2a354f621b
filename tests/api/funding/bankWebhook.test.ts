import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Notification, Paginated, Transaction, UserData, VirtualAccount } from '../../../core/contract';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import {
  chargeSuccess,
  createAccounts,
  deliver,
  devTransfer,
  newReference,
  sign,
  walletRowCounts,
} from '../../support/api/bank';

describe.each(backends)('bank webhook on $name', (backend) => {
  let owner: SignedUp;
  let accounts: VirtualAccount[];
  const t = useTestApp(backend);
  beforeAll(async () => {
    owner = await signUp(t);
    accounts = await createAccounts(t, owner.token);
  });

  const balance = async () =>
    (await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance;
  const transfer = (amount: number, reference = newReference(), accountNumber = accounts[0].account_number) =>
    JSON.stringify(chargeSuccess(t, { accountNumber, amount, reference }));

  it('credits a correctly signed transfer once: balance, a funding transaction and a "Wallet funded" notification', async () => {
    const before = await balance();
    const reference = newReference();
    const body = JSON.stringify(
      chargeSuccess(t, {
        accountNumber: accounts[1].account_number,
        amount: 123_456_789,
        reference,
        senderName: 'Emeka Okafor',
        senderBank: 'Guaranty Trust Bank',
      }),
    );
    const reply = await deliver(t, body);
    expect(reply).toMatchObject({
      status: 200,
      body: { type: 'success', message: 'transfer credited', data: { status: 'credited', reference } },
    });
    expect(await balance()).toBe(before + 1_234_567.89);

    const list = await t.call<Paginated<Transaction>>('/api/fetch-transactions', {
      token: owner.token,
      body: { pagination: 10, page: 1 },
    });
    expect(list.body.data!.data[0]).toEqual({
      id: expect.any(Number),
      category: 'funding',
      amount: 1_234_567.89,
      status: 'completed',
      created_at: t.clock.now().toISOString(),
      reference,
      from: 'Emeka Okafor, Guaranty Trust Bank',
      to: `Sterling Bank ${accounts[1].account_number}`,
      description: 'Wallet funding by bank transfer',
      display_name: '',
      display_value: '',
    });
    const notifications = (await t.call<Notification[]>('/api/fetch-notifications', { token: owner.token })).body.data!;
    const notification = notifications.find((n) => n.title === 'Wallet funded')!;
    expect(notification).toMatchObject({ title: 'Wallet funded', status: 'unread' });
    // Past a tier 1 wallet's ₦300,000 cap: credited all the same, and the owner is told how to raise it.
    expect(notifications[0]).toMatchObject({ title: 'Wallet above your limit' });
    expect(notification.content).toContain('₦1,234,567.89');
    expect(notification.content).toContain('Emeka Okafor');

    // The partner retries; an attacker replays.
    const rows = await walletRowCounts(t);
    for (let i = 0; i < 3; i++) {
      expect(await deliver(t, body)).toMatchObject({
        status: 200,
        body: { type: 'success', message: 'transfer already credited', data: { status: 'duplicate', reference } },
      });
    }
    expect(await walletRowCounts(t)).toEqual(rows);
    expect(await balance()).toBe(before + 1_234_567.89);
  });

  it('credits a reference once even when a later delivery names another amount or account', async () => {
    const reference = newReference();
    expect((await deliver(t, transfer(10_000, reference))).body.data).toMatchObject({ status: 'credited' });
    const before = await balance();
    const rows = await walletRowCounts(t);
    expect((await deliver(t, transfer(99_000, reference, accounts[1].account_number))).body.data).toMatchObject({
      status: 'duplicate',
    });
    expect(await balance()).toBe(before);
    expect(await walletRowCounts(t)).toEqual(rows);
  });

  describe('refuses with 401 and writes nothing', () => {
    it.each([
      ['no signature', (body: string) => ({ body, signature: null })],
      ['an empty signature', (body: string) => ({ body, signature: '' })],
      ['a random signature', (body: string) => ({ body, signature: 'ab'.repeat(64) })],
      ['a signature that is not hex', (body: string) => ({ body, signature: 'z'.repeat(128) })],
      ['a truncated signature', (body: string) => ({ body, signature: sign(t, body).slice(0, 64) })],
      [
        'a signature with another secret',
        (body: string) => ({
          body,
          signature: sign({ ...t, config: { ...t.config, bankWebhookSecret: 'not-the-secret-at-all' } }, body),
        }),
      ],
      [
        'the JSON re-serialised with other whitespace',
        (body: string) => ({ body: JSON.stringify(JSON.parse(body), null, 2), signature: sign(t, body) }),
      ],
      [
        'the JSON re-serialised with another key order',
        (body: string) => {
          const { event, data } = JSON.parse(body) as { event: string; data: Record<string, unknown> };
          return {
            body: JSON.stringify({ data: Object.fromEntries(Object.entries(data).reverse()), event }),
            signature: sign(t, body),
          };
        },
      ],
      [
        'a larger amount',
        (body: string) => ({ body: body.replace('"amount":500000', '"amount":900000'), signature: sign(t, body) }),
      ],
      ['a trailing newline', (body: string) => ({ body: `${body}\n`, signature: sign(t, body) })],
    ])('%s', async (_case, tamper) => {
      const original = transfer(500_000);
      const { body, signature } = tamper(original);
      expect(body === original && signature === sign(t, original)).toBe(false);
      const rows = await walletRowCounts(t);
      const reply = await deliver(t, body, signature);
      expect(reply).toMatchObject({ status: 401, body: { type: 'error', message: 'invalid webhook signature' } });
      expect(await walletRowCounts(t)).toEqual(rows);
    });

    it('any one byte of the body changed', async () => {
      const original = Buffer.from(transfer(250_000));
      const signature = sign(t, original);
      const rows = await walletRowCounts(t);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: original.length - 1 }),
          fc.integer({ min: 1, max: 255 }),
          async (position, delta) => {
            const tampered = Buffer.from(original);
            tampered[position] = (tampered[position] + delta) % 256;
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/webhooks/bank',
              headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
              payload: tampered,
            });
            expect(response.statusCode, `byte ${position} + ${delta}`).toBe(401);
          },
        ),
        { numRuns: 60 },
      );
      expect(await walletRowCounts(t)).toEqual(rows);
    });
  });

  it('acknowledges a transfer to an account nobody has with 200, holds it in suspense once and credits no one', async () => {
    const rows = await walletRowCounts(t);
    const before = await balance();
    const reference = newReference();
    const body = transfer(100_000, reference, '0000014579');
    const reply = await deliver(t, body);
    expect(reply).toMatchObject({
      status: 200,
      body: {
        type: 'success',
        message: 'transfer held in suspense: no wallet has this account number',
        data: { status: 'unmatched', reference },
      },
    });
    const after = await walletRowCounts(t);
    // The claim and one ledger movement of two entries (settlement → suspense, an account the app made at start); no transaction, no notification.
    expect(after).toEqual({
      ...rows,
      incoming_transfers: rows.incoming_transfers + 1n,
      ledger_movements: rows.ledger_movements + 1n,
      ledger_entries: rows.ledger_entries + 2n,
    });
    expect(await balance()).toBe(before);

    // The partner retries; an attacker replays.
    for (let i = 0; i < 3; i++) {
      expect(await deliver(t, body)).toMatchObject({
        status: 200,
        body: {
          type: 'success',
          message: 'transfer already held in suspense',
          data: { status: 'duplicate', reference },
        },
      });
    }
    expect(await walletRowCounts(t)).toEqual(after);
  });

  it.each([
    [
      'another event',
      (p: Record<string, unknown>) => ({ ...p, event: 'transfer.success' }),
      'event ignored: event transfer.success is not handled',
    ],
    // A card payment is a card top-up's (cardTopUps.test.ts): one we never started is not credited.
    [
      'a card payment',
      (p: { data: object }) => ({ ...p, data: { ...p.data, channel: 'card' } }),
      'event ignored: not one of our card payments',
    ],
    [
      'a failed payment',
      (p: { data: object }) => ({ ...p, data: { ...p.data, status: 'failed' } }),
      'event ignored: status failed is not a completed payment',
    ],
    [
      'another currency',
      (p: { data: object }) => ({ ...p, data: { ...p.data, currency: 'USD' } }),
      'event ignored: currency USD is not accepted',
    ],
  ])('acknowledges %s with 200 and writes nothing', async (_case, change, message) => {
    const rows = await walletRowCounts(t);
    const body = JSON.stringify(change(JSON.parse(transfer(100_000))));
    expect(await deliver(t, body)).toMatchObject({
      status: 200,
      body: { type: 'success', message, data: { status: 'ignored' } },
    });
    expect(await walletRowCounts(t)).toEqual(rows);
  });

  it.each([
    ['zero', 0, 'data.amount must be more than zero'],
    ['negative', -500, 'data.amount must be more than zero'],
    ['fractional kobo', 100.5, 'data.amount must be a whole number of kobo'],
    ['text', '5000', 'data.amount must be a whole number of kobo'],
    ['above the cap', 1_000_000_001, 'amount must be between ₦0.01 and ₦10,000,000.00'],
  ])('refuses a signed amount that is %s with 422 and writes nothing', async (_case, amount, message) => {
    const rows = await walletRowCounts(t);
    const payload = JSON.parse(transfer(1)) as { data: Record<string, unknown> };
    payload.data.amount = amount;
    const body = JSON.stringify(payload);
    expect(await deliver(t, body)).toMatchObject({ status: 422, body: { type: 'error', message } });
    expect(await walletRowCounts(t)).toEqual(rows);
  });

  it('credits the largest amount allowed, ₦10,000,000.00', async () => {
    const before = await balance();
    expect((await deliver(t, transfer(1_000_000_000))).body.data).toMatchObject({ status: 'credited' });
    expect(await balance()).toBe(before + 10_000_000);
  });

  it('answers hostile bodies, signed or not, without a 500, and writes only the transfers it holds', async () => {
    const json = fc.oneof(
      fc.json(),
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        '',
        '{',
        'null',
        '[]',
        '{"__proto__":{"x":1}}',
        '{"event":"charge.success"}',
        '{"event":"charge.success","data":[]}',
        '{"event":"charge.success","data":{"channel":"dedicated_nuban"}}',
      ),
      fc
        .record({
          event: fc.constantFrom('charge.success', 'charge.failed', ''),
          data: fc.record(
            {
              channel: fc.constantFrom('dedicated_nuban', 'card', 5),
              status: fc.constantFrom('success', 'failed', null),
              currency: fc.constantFrom('NGN', 'USD', 1),
              reference: fc.oneof(fc.string({ maxLength: 120 }), fc.integer()),
              amount: fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 5 }), fc.constant(null)),
              paid_at: fc.oneof(fc.string({ maxLength: 30 }), fc.constant(null), fc.integer()),
              authorization: fc.oneof(
                fc.record(
                  {
                    receiver_bank_account_number: fc.oneof(fc.stringMatching(/^\d{10}$/), fc.string({ maxLength: 12 })),
                    sender_name: fc.oneof(fc.string({ maxLength: 300 }), fc.constant(null)),
                  },
                  { requiredKeys: [] },
                ),
                fc.constant(null),
                fc.string({ maxLength: 5 }),
              ),
            },
            { requiredKeys: [] },
          ),
        })
        .map((value) => JSON.stringify(value)),
    );
    const rows = await walletRowCounts(t);
    // The structured bodies can come out, signed, as a genuine transfer to an account nobody has:
    // the server rightly holds each such one in suspense (as above). Those, and nothing else, are written.
    let held = 0n;
    await fc.assert(
      fc.asyncProperty(json, fc.boolean(), async (body, signed) => {
        const reply = await deliver(t, body, signed ? sign(t, body) : 'ab'.repeat(64));
        expect(reply.status, body).toBeLessThan(500);
        expect(reply.body.type, body).toBe(reply.status === 200 ? 'success' : 'error');
        if (!signed) expect(reply.status).toBe(401);
        const outcome = (reply.body.data as { status?: string } | undefined)?.status;
        expect(outcome, body).not.toBe('credited');
        if (outcome === 'unmatched') held += 1n;
      }),
      { numRuns: 200 },
    );
    expect(await walletRowCounts(t)).toEqual({
      ...rows,
      incoming_transfers: rows.incoming_transfers + held,
      ledger_movements: rows.ledger_movements + held,
      ledger_entries: rows.ledger_entries + 2n * held,
    });
  });

  it('answers a body that is not JSON with 415, and one over 64 KiB with 413', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/bank',
      headers: { 'content-type': 'application/xml' },
      payload: '<charge/>',
    });
    expect(xml.statusCode).toBe(415);
    const huge = JSON.stringify({ event: 'charge.success', data: { padding: 'x'.repeat(70_000) } });
    expect((await deliver(t, huge)).status).toBe(413);
  });
});

describe.each(backends)('POST /dev/bank/transfer on $name', (backend) => {
  const t = useTestApp(backend);

  it('funds a wallet through the signed webhook, and replays with the reference it answered', async () => {
    const account = await signUp(t);
    const [wema] = await createAccounts(t, account.token);
    const reply = await devTransfer(t, {
      account_number: wema.account_number,
      amount: '5000.50',
      sender_name: 'Bola Ahmed',
    });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        type: 'success',
        message: 'transfer credited',
        data: { status: 'credited', reference: expect.stringMatching(/^\d{30}$/) },
      },
    });
    const { reference } = reply.body.data!;
    const transfer = await t.db
      .selectFrom('incoming_transfers')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(transfer).toMatchObject({
      provider: 'simulated',
      amount_kobo: 500_050n,
      sender_name: 'Bola Ahmed',
      sender_bank: 'Guaranty Trust Bank',
    });

    const again = await devTransfer(t, { account_number: wema.account_number, amount: 5000.5, reference });
    expect(again).toMatchObject({
      status: 200,
      body: { message: 'transfer already credited', data: { status: 'duplicate', reference } },
    });
    const user = await t.call<UserData>('/api/get-user', { token: account.token });
    expect(user.body.data!.wallet_balance).toBe(5000.5);
    const [notification] = (await t.call<Notification[]>('/api/fetch-notifications', { token: account.token })).body
      .data!;
    expect(notification.title).toBe('Wallet funded');
    expect(notification.content).toBe(
      `₦5,000.50 from Bola Ahmed (Guaranty Trust Bank) has been added to your wallet through your Wema Bank account ${wema.account_number}.`,
    );
  });

  it('answers what the webhook answered for an unknown account', async () => {
    const reply = await devTransfer(t, { account_number: '0000014579', amount: 100, reference: 'DEV-UNKNOWN-1' });
    expect(reply).toMatchObject({
      status: 200,
      body: {
        message: 'transfer held in suspense: no wallet has this account number',
        data: { status: 'unmatched', reference: 'DEV-UNKNOWN-1' },
      },
    });
  });

  it.each([
    ['no account number', { amount: 100 }, 'account_number is required'],
    [
      'a short account number',
      { account_number: '12345', amount: 100 },
      'account_number must be the 10-digit account number',
    ],
    ['no amount', { account_number: '0000014579' }, 'amount is required'],
    [
      'three decimals',
      { account_number: '0000014579', amount: '1.234' },
      'amount must be a naira amount with at most two decimals',
    ],
    ['a negative amount', { account_number: '0000014579', amount: -5 }, 'amount must be more than zero'],
    [
      'an amount above the cap',
      { account_number: '0000014579', amount: 10_000_000.01 },
      'amount must be at most ₦10,000,000.00',
    ],
    [
      'a reference with spaces',
      { account_number: '0000014579', amount: 5, reference: 'a b' },
      'reference must be 1 to 100 printable characters without spaces',
    ],
  ])('refuses %s with 422', async (_case, body, message) => {
    expect(await devTransfer(t, body)).toMatchObject({ status: 422, body: { type: 'error', message } });
  });

  it('answers hostile bodies without a 500', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.stringMatching(/^\d{10}$/),
      fc.constantFrom('1e3', '-0', '0.001', '99999999999999999999'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.record(
            { account_number: value, amount: value, sender_name: value, sender_bank: value, reference: value },
            { requiredKeys: [] },
          ),
          value,
        ),
        async (body) => {
          const reply = await devTransfer(t, body as Record<string, unknown>);
          expect(reply.status, JSON.stringify(body)).toBeLessThan(500);
        },
      ),
      { numRuns: 100 },
    );
  });
});
