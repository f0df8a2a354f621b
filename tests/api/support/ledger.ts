import { afterEach, expect } from 'vitest';
import { auditLedger } from '../../../server/services/ledgerAudit';
import type { TestApp } from './app';

/**
 * After every test of the file: each movement and the whole ledger sum to zero, every cached
 * balance equals the sum of its entries, no user's wallet is below zero (security.md §2).
 */
export function auditLedgerAfterEach(app: () => TestApp | undefined) {
  afterEach(async () => {
    const t = app();
    if (t) expect(await auditLedger(t.db)).toEqual([]);
  });
}
