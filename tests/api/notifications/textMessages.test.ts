import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../core/i18n/locales';
import { inLocale } from '../../../server/i18n';
import { isPlainSms, toPlainSms } from '../../../server/gateways/sms';
import { phoneCodeText } from '../../../server/services/account/phones';
import { fundingText, lateDeliveryText, purchaseText } from '../../../server/services/notifications/textMessages';
import type { StoredTransaction } from '../../../server/services/records/transactions';
import { billParts } from '../../../server/services/records/descriptions';

/**
 * Every text template in one page of plain text (160 characters, none that would make Termii bill
 * 70-character pages), whatever the names, descriptions, amounts and references put in it: what
 * gives way is the description or the payer's name, never the amount, the token or the pin.
 */
const LONG = 'Ọ̀yọ́ Electricity Distribution Company (Ibadan) – “Premium” prepaid plan; résumé/|[extra]| '.repeat(4);
const HUGE_KOBO = 999_999_999_99n;

function row(overrides: Partial<StoredTransaction>): StoredTransaction {
  const now = new Date('2026-03-01T10:00:00Z');
  return {
    id: 1n,
    user_id: 1n,
    category: 'airtime',
    amount_kobo: 50_000n,
    status: 'completed',
    reference: '202603011100a1b2c3d4e5f6',
    from_label: 'Wallet',
    to_label: '08031234567',
    description: '₦500.00 MTN airtime for 08031234567',
    display_name: 'Phone',
    display_value: '08031234567',
    customer_name: null,
    cashback_kobo: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  } as StoredTransaction;
}

const onePage = (text: string) => {
  expect(text.length, text).toBeLessThanOrEqual(160);
  expect(isPlainSms(text), text).toBe(true);
};

describe('the texts of every outcome', () => {
  it.each([
    ['an airtime purchase', row({})],
    ['a huge amount and a long description', row({ amount_kobo: HUGE_KOBO, description: LONG })],
    [
      'an electricity token',
      row({
        amount_kobo: HUGE_KOBO,
        category: 'electricity-bill',
        description: `${LONG}: 4772.7 kWh`,
        display_name: 'Token',
        display_value: '1234-5678-9012-3456-7890',
      }),
    ],
    [
      'an exam pin and its serial',
      row({
        amount_kobo: HUGE_KOBO,
        category: 'education',
        description: LONG,
        display_name: 'PIN',
        display_value: 'Serial: WRN12345678901234567890 PIN: 123456789012',
      }),
    ],
  ])('%s: delivered and refunded, one page each, what was bought kept whole', (_case, bill) => {
    const delivered = purchaseText('08031234567', bill).text;
    onePage(delivered);
    expect(delivered).toMatch(/^Naira Wallet: N[\d,]+\.\d{2} paid for /);
    if (bill.display_name === 'Token' || bill.display_name === 'PIN') expect(delivered).toContain(bill.display_value);
    expect(delivered).toContain(toPlainSms(new Intl.NumberFormat('en-NG').format(Number(bill.amount_kobo / 100n))));

    const refunded = purchaseText('08031234567', { ...bill, status: 'canceled' }).text;
    onePage(refunded);
    expect(refunded).toContain('is back in your wallet.');
    // A refund carries no token or pin: nothing was delivered.
    expect(refunded).not.toContain('Token');
    expect(refunded).not.toContain('PIN');

    // Delivered after its refund at the deadline: what arrived, and the refund kept.
    const late = lateDeliveryText('08031234567', { ...bill, status: 'canceled' }).text;
    onePage(late);
    expect(late).toMatch(/ delivered late, at no charge: your N[\d,]+\.\d{2} refund stays\./);
    if (bill.display_name === 'Token' || bill.display_name === 'PIN') expect(late).toContain(bill.display_value);
  });

  it('keeps the reference when there is room, and drops it rather than the amount when there is not', () => {
    expect(purchaseText('08031234567', row({})).text).toBe(
      'Naira Wallet: N500.00 paid for MTN airtime for 08031234567. Ref 202603011100a1b2c3d4e5f6',
    );
    const long = purchaseText('08031234567', row({ description: LONG })).text;
    expect(long).toContain('... Ref 202603011100a1b2c3d4e5f6');
  });

  it.each([
    [
      'a bank transfer',
      row({ category: 'funding', from_label: 'Chinedu Eze, Guaranty Trust Bank', reference: 'NW-1' }),
    ],
    [
      'a long payer and a reference a text cannot carry',
      row({ category: 'funding', amount_kobo: HUGE_KOBO, from_label: LONG, reference: `MNFY|20|${'9'.repeat(90)}` }),
    ],
  ])('a funding by %s: one page', (_case, funding) => {
    const text = fundingText('08031234567', funding).text;
    onePage(text);
    expect(text).toMatch(/^Naira Wallet: N[\d,]+\.\d{2} added to your wallet from /);
    expect(text).not.toContain('|');
  });

  it("the phone's code: one page, its last line the origin-bound format", () => {
    for (const url of ['http://localhost:3000', 'https://payments.naira-wallet-production.example.com.ng']) {
      const text = phoneCodeText(url, '048213', 10 * 60_000);
      onePage(text);
      expect(text.split('\n').at(-1)).toBe(`@${new URL(url).hostname} #048213`);
    }
  });
});

/**
 * The texts in every language the app speaks: each still one page of plain text whatever goes in
 * it (the words around the shortened part are made plain and counted before it is cut), Yoruba's
 * and Igbo's marks dropped to their letters and Hausa's hooked letters to their plain ones.
 */
describe.each(LOCALES)('the texts in %s', (locale) => {
  const bills = [
    row({}),
    row({ amount_kobo: HUGE_KOBO, description: LONG }),
    row({
      amount_kobo: HUGE_KOBO,
      category: 'electricity-bill',
      description: `${LONG}: 4772.7 kWh`,
      display_name: 'Token',
      display_value: '1234-5678-9012-3456-7890',
    }),
    row({
      amount_kobo: HUGE_KOBO,
      category: 'education',
      description: LONG,
      display_name: 'PIN',
      display_value: 'Serial: WRN12345678901234567890 PIN: 123456789012',
    }),
  ];

  it('every outcome and funding: one page, with the amount and what to keep', () => {
    inLocale(locale, () => {
      for (const bill of bills) {
        const amount = toPlainSms(`₦${new Intl.NumberFormat('en-NG').format(Number(bill.amount_kobo / 100n))}`);
        const texts = [
          purchaseText('08031234567', bill).text,
          purchaseText('08031234567', { ...bill, status: 'canceled' }).text,
          purchaseText('08031234567', { ...bill, status: 'canceled' }, 'deadline').text,
          lateDeliveryText('08031234567', { ...bill, status: 'canceled' }).text,
          fundingText('08031234567', { ...bill, category: 'funding', from_label: LONG }).text,
        ];
        for (const text of texts) {
          onePage(text);
          expect(text).toMatch(/^Naira Wallet: /);
          expect(text).toContain(amount);
        }
        const [delivered, , , late] = texts;
        if (bill.display_name === 'Token' || bill.display_name === 'PIN') {
          expect(delivered).toContain(bill.display_value);
          expect(late).toContain(bill.display_value);
        }
      }
      onePage(phoneCodeText('https://payments.naira-wallet-production.example.com.ng', '048213', 10 * 60_000));
    });
  });
});

describe('a text in the account’s language', () => {
  it('Yoruba and Igbo lose their marks, not their letters; Hausa’s hooked letters become plain ones', () => {
    const refunded = { ...row({}), status: 'canceled' as const };
    expect(inLocale('yo', () => purchaseText('08031234567', refunded).text)).toBe(
      'Naira Wallet: isanwo N500.00 re fun MTN airtime for 08031234567 ko yori. N500.00 ti pada sinu apo owo re. ' +
        'Ref 202603011100a1b2c3d4e5f6',
    );
    expect(inLocale('ig', () => purchaseText('08031234567', row({})).text)).toBe(
      'Naira Wallet: i kwuola N500.00 maka MTN airtime for 08031234567. Ref 202603011100a1b2c3d4e5f6',
    );
    expect(inLocale('ha', () => purchaseText('08031234567', refunded).text)).toContain('ya koma walat dinku.');
    expect(inLocale('pcm', () => purchaseText('08031234567', row({})).text)).toBe(
      'Naira Wallet: you don pay N500.00 for MTN airtime for 08031234567. Ref 202603011100a1b2c3d4e5f6',
    );
    expect(toPlainSms('kuɗi, ƙarfe, ɓera, ʼyaʼya')).toBe('kudi, karfe, bera, yaya');
  });

  it('names what was bought in the reader’s words from the bill’s parts, the amount said once', () => {
    const parts = billParts(
      'electricity',
      { amountKobo: 50_000n, providerName: 'Ikeja', packageName: null },
      '12345678901',
    );
    const bill = row({ category: 'electricity-bill', bill_parts: { ...parts, suffix: ': 32.5 kWh' } });
    expect(inLocale('yo', () => purchaseText('08031234567', bill).text)).toBe(
      'Naira Wallet: o ti san N500.00 fun ina manamana asansile Ikeja fun mita 12345678901: 32.5 kWh. ' +
        'Ref 202603011100a1b2c3d4e5f6',
    );
    expect(inLocale('en', () => purchaseText('08031234567', bill).text)).toBe(
      'Naira Wallet: N500.00 paid for Ikeja prepaid electricity for meter 12345678901: 32.5 kWh. ' +
        'Ref 202603011100a1b2c3d4e5f6',
    );
  });
});
