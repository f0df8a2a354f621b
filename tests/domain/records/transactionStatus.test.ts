import { describe, expect, it } from 'vitest';
import type { TransactionStatus } from '../../../core/contract';
import { categoryLabel } from '../../../src/domain/kit/transactionCategory';
import { needsRefresh, opensDetail, STATUS_LOOK } from '../../../src/domain/records/transactionStatus';

const STATUSES: TransactionStatus[] = ['pending', 'processing', 'completed', 'canceled'];

describe('transaction status', () => {
  it('looks as specified: pending orange and turning, processing yellow and turning, completed green check, canceled gray cross', () => {
    expect(STATUS_LOOK).toEqual({
      pending: { label: 'Pending', colour: 'orange', icon: 'rotating' },
      processing: { label: 'Processing', colour: 'yellow', icon: 'rotating' },
      completed: { label: 'Completed', colour: 'green', icon: 'check' },
      canceled: { label: 'Canceled', colour: 'gray', icon: 'cross' },
    });
  });

  it('opens the details of a settled transaction and checks on an unsettled one, never both', () => {
    expect(STATUSES.filter(opensDetail)).toEqual(['completed', 'canceled']);
    expect(STATUSES.filter(needsRefresh)).toEqual(['pending', 'processing']);
    for (const status of STATUSES) expect(opensDetail(status)).toBe(!needsRefresh(status));
  });

  it('gives every status a distinct colour, and an icon that turns exactly while unsettled', () => {
    expect(new Set(STATUSES.map((s) => STATUS_LOOK[s].colour)).size).toBe(STATUSES.length);
    for (const status of STATUSES) expect(STATUS_LOOK[status].icon === 'rotating').toBe(needsRefresh(status));
  });
});

describe('transaction category', () => {
  it('names the services as their screens do', () => {
    expect(
      ['airtime', 'data', 'electricity-bill', 'betting', 'tv-subscription', 'education'].map(categoryLabel),
    ).toEqual(['Airtime', 'Data', 'Electricity', 'Betting', 'Cable TV', 'Jamb/Waec Pins']);
  });

  it('makes any other category readable', () => {
    expect(categoryLabel('funding')).toBe('Wallet funding');
    expect(categoryLabel('wallet-top-up')).toBe('Wallet top up');
    expect(categoryLabel('cashback_bonus')).toBe('Cashback bonus');
    expect(categoryLabel('')).toBe('Transaction');
  });
});
