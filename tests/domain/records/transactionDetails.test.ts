import { describe, expect, it } from 'vitest';
import { transactionFacts } from '../../../src/domain/records/transactionDetails';
import { airtimePurchase, electricityToken } from '../../../testkit/fixtures';

describe("the facts a transaction's details and receipt show", () => {
  it('in order, with the holder verified for the number billed after whom it went to', () => {
    expect(transactionFacts({ ...electricityToken, customer_name: 'CHIDI OKEKE' }).map(([name]) => name)).toEqual([
      'Date',
      'Reference',
      'Type',
      'From',
      'To',
      'Meter holder',
      'Description',
    ]);
    expect(transactionFacts({ ...electricityToken, category: 'betting', customer_name: 'Chidi Okeke' })).toContainEqual(
      ['Account holder', 'Chidi Okeke'],
    );
    expect(
      transactionFacts({ ...electricityToken, category: 'tv-subscription', customer_name: 'CHIDI OKEKE' }),
    ).toContainEqual(['Smartcard holder', 'CHIDI OKEKE']);
  });

  it('leaves out what is empty: no holder where nothing was verified', () => {
    const facts = transactionFacts({ ...airtimePurchase(1), from: '' });
    expect(facts.map(([name]) => name)).toEqual(['Date', 'Reference', 'Type', 'To', 'Description']);
  });
});
