// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ConsoleTransaction, Glance, LateBill, LateBills } from '../../../core/console';
import { glance, lateBills, reconciliationQueue } from '../../../src/api/console/calls';
import { formatDateTime } from '../../../src/domain/kit/dateTime';
import { GlanceScreen } from '../../../src/ui/console/GlanceScreen';
import { ReconciliationScreen } from '../../../src/ui/console/ReconciliationScreen';

vi.mock('../../../src/api/console/calls', () => ({
  glance: vi.fn(),
  lateBills: vi.fn(),
  reconciliationQueue: vi.fn(),
  runLedgerAudit: vi.fn(),
}));

const answer = <T,>(data: T) => ({ type: 'success' as const, message: 'ok', data });

const stuck = (id: number, createdAt: string, deadlineAt: string): ConsoleTransaction => ({
  id,
  category: 'airtime',
  amount: 300,
  status: 'processing',
  reference: `R-${id}`,
  description: '₦300.00 MTN airtime for 08030010005',
  created_at: createdAt,
  bill: {
    biller: 'simulated',
    provider: 'MTN',
    beneficiary: '08030010005',
    request_id: `20260301000${id}abcdef`,
    last_requery_at: null,
    deadline_at: deadlineAt,
    exposure: null,
  },
  stuck: true,
});

const today: Glance = {
  day: '2026-03-02',
  purchases: [],
  funding: [],
  stuck_bills: {
    count: 2,
    oldest: [
      stuck(11, '2026-03-01T02:00:00.000Z', '2026-03-02T02:00:00.000Z'),
      stuck(12, '2026-03-01T05:00:00.000Z', '2026-03-02T05:00:00.000Z'),
    ],
  },
  refunds: { within_30s: 4, within_24h: 2, past_24h: 1, open_exposures: 1, open_total: 700 },
  suspense: { count: 0, total: 0 },
  pending_requests: 0,
  open_cases: 0,
  messages: { pending: 0, oldest_pending_at: null, undeliverable: 0, latest_undeliverable: [] },
  ledger_audit: null,
  providers: [],
};

const late = (transactionId: number, exposure: LateBill['exposure'], resolvedAt: string | null): LateBill => ({
  transaction_id: transactionId,
  customer_id: 7,
  customer_name: 'Ada Obi',
  reference: `R-${transactionId}`,
  category: 'airtime',
  provider: 'MTN',
  amount: 700,
  biller: 'simulated',
  request_id: `REQ-${transactionId}`,
  debited_at: '2026-03-01T00:35:00.000Z',
  refunded_at: '2026-03-02T00:34:00.000Z',
  last_requery_at: '2026-03-02T01:04:00.000Z',
  exposure,
  resolved_at: resolvedAt,
});

const bills: LateBills = {
  open: [late(21, 'open', null)],
  open_count: 1,
  open_total: 700,
  settled: [late(22, 'delivered', '2026-03-02T03:00:00.000Z'), late(23, 'failed', '2026-03-02T02:00:00.000Z')],
  lost_count: 1,
  lost_total: 700,
};

const inConsole = (screenUnder: ReactNode) => render(<MemoryRouter>{screenUnder}</MemoryRouter>);

describe('the 24-hour rule in the console', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(glance).mockReset();
    vi.mocked(lateBills).mockReset();
    vi.mocked(reconciliationQueue).mockReset();
  });

  it("the glance shows today's refunds against 30 s and 24 h, the breaches marked, and the bills nearest their deadline", async () => {
    vi.mocked(glance).mockResolvedValue(answer(today));
    inConsole(<GlanceScreen />);
    const refunds = await screen.findByRole('region', { name: 'Refunds today' });
    const tiles = within(refunds)
      .getAllByText((_, element) => element?.classList.contains('ops-tile') ?? false)
      .map((tile) => [tile.textContent, tile.hasAttribute('data-warn')]);
    expect(tiles).toEqual([
      ['4 within 30 seconds of the debit', false],
      ['2 after 30 seconds, within 24 hours', false],
      ['1 past 24 hours (breach)', true],
      ['1 refunded at the deadline, biller still asked, ₦700.00', false],
    ]);

    const nearest = screen.getByRole('region', {
      name: 'Bills processing for over an hour, nearest their deadline first',
    });
    const rows = within(nearest).getAllByRole('row');
    expect(
      within(rows[0])
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Service', 'Amount', 'Reference', 'Debited', 'Refunded by']);
    const cells = rows.slice(1).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    const at = formatDateTime;
    expect(cells).toEqual([
      ['Airtime', '₦300.00', 'R-11', at('2026-03-01T02:00:00.000Z'), at('2026-03-02T02:00:00.000Z')],
      ['Airtime', '₦300.00', 'R-12', at('2026-03-01T05:00:00.000Z'), at('2026-03-02T05:00:00.000Z')],
    ]);
  });

  it('finance sees the open exposures and those settled, each with its customer, and the losses written off', async () => {
    vi.mocked(reconciliationQueue).mockResolvedValue(answer([]));
    vi.mocked(lateBills).mockResolvedValue(answer(bills));
    inConsole(<ReconciliationScreen />);
    const section = await screen.findByRole('region', { name: 'Bills refunded at the 24-hour deadline' });
    expect((await within(section).findByText(/^1 open, /)).textContent).toBe(
      '1 open, ₦700.00; 1 delivered after their refund, ₦700.00 written off.',
    );
    const [open, settled] = within(section).getAllByRole('table');
    const exposures = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);
    expect(exposures(open)).toEqual(['biller still asked']);
    expect(exposures(settled)).toEqual([
      `delivered later: loss written off, ${formatDateTime('2026-03-02T03:00:00.000Z')}`,
      `failed: nothing lost, ${formatDateTime('2026-03-02T02:00:00.000Z')}`,
    ]);
    const customer = within(open).getByRole('link', { name: 'Ada Obi' });
    expect(customer.getAttribute('href')).toBe('/customers/7');
  });

  it('says so when no bill was refunded at its deadline', async () => {
    vi.mocked(reconciliationQueue).mockResolvedValue(answer([]));
    vi.mocked(lateBills).mockResolvedValue(
      answer({ open: [], open_count: 0, open_total: 0, settled: [], lost_count: 0, lost_total: 0 }),
    );
    inConsole(<ReconciliationScreen />);
    expect(
      await screen.findByText(
        'No open exposure: every bill refunded at its deadline has a final answer from its biller.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('None settled yet.')).toBeTruthy();
  });
});
