// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ProblemReport as Case, Transaction } from '../../../core/contract';
import { createProblemReport, fetchProblemReport } from '../../../src/api/records/problemReports';
import ProblemReport from '../../../src/ui/records/ProblemReport';
import { airtimePurchase } from '../../../testkit/fixtures';

vi.mock('../../../src/api/records/problemReports', () => ({
  fetchProblemReport: vi.fn(),
  createProblemReport: vi.fn(),
}));

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
const PROMPT = /processing for more than 24 hours/;

const show = (transaction: Transaction) =>
  render(
    <MemoryRouter>
      <ProblemReport transaction={transaction} />
    </MemoryRouter>,
  );

describe('ProblemReport', () => {
  beforeEach(() => {
    vi.mocked(fetchProblemReport).mockResolvedValue({
      type: 'success',
      message: 'problem report fetched successfully',
      data: null,
    });
  });
  afterEach(() => {
    cleanup();
    vi.mocked(fetchProblemReport).mockReset();
    vi.mocked(createProblemReport).mockReset();
  });

  it('says it is checking, then offers a report; a bill processing for a day prompts it by itself', async () => {
    show({ ...airtimePurchase(5, 'processing'), created_at: hoursAgo(25) });
    expect(screen.getByRole('status').textContent).toBe('Checking for a reported problem…');
    expect(await screen.findByText(PROMPT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });

  it('a bill processing for less than a day, or a settled one, has the button without the prompt', async () => {
    for (const transaction of [
      { ...airtimePurchase(6, 'processing'), created_at: hoursAgo(23) },
      { ...airtimePurchase(7, 'completed'), created_at: hoursAgo(48) },
    ]) {
      show(transaction);
      await screen.findByRole('button', { name: 'Report a problem' });
      expect(screen.queryByText(PROMPT)).toBeNull();
      cleanup();
    }
  });

  it('opens a labelled form with the focus on the reason, and sends the reason and note for the transaction', async () => {
    const transaction = airtimePurchase(8, 'completed');
    const opened: Case = {
      case_number: 'NW-7K3QX9A2',
      transaction_id: 8,
      reference: transaction.reference,
      reason: 'not-received',
      note: 'Nothing came',
      status: 'open',
      created_at: hoursAgo(0),
      resolution_note: null,
    };
    vi.mocked(createProblemReport).mockResolvedValue({
      type: 'success',
      message: 'we received your report: case NW-7K3QX9A2',
      data: opened,
    });
    show(transaction);
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const reason = screen.getByLabelText('What went wrong?');
    expect(document.activeElement).toBe(reason);
    expect(screen.getByText(`Reference ${transaction.reference} is attached for you.`)).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'not-received' } });
    fireEvent.change(screen.getByLabelText('Tell us more (optional)'), { target: { value: ' Nothing came ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(createProblemReport).toHaveBeenCalledWith(
      { transaction_id: 8, reason: 'not-received', note: 'Nothing came' },
      expect.anything(),
    );
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Case NW-7K3QX9A2');
    expect(status.textContent).toContain('Open');
  });

  it('shows a case already open, and says so when the check fails, with Try again', async () => {
    const transaction = airtimePurchase(9, 'completed');
    vi.mocked(fetchProblemReport).mockResolvedValueOnce({
      type: 'success',
      message: 'problem report fetched successfully',
      data: {
        case_number: 'NW-ABCDEFGH',
        transaction_id: 9,
        reference: transaction.reference,
        reason: 'wrong-amount',
        note: '',
        status: 'in-review',
        created_at: hoursAgo(2),
        resolution_note: null,
      },
    });
    show(transaction);
    expect((await screen.findByText('Case NW-ABCDEFGH')).closest('[role="status"]')?.textContent).toContain(
      'In review',
    );
    cleanup();

    vi.mocked(fetchProblemReport).mockRejectedValueOnce(new Error('Failed to fetch'));
    show(transaction);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Report a problem' })).toBeTruthy();
  });

  it('shows the note support wrote when it resolved the case', async () => {
    const transaction = airtimePurchase(10, 'completed');
    const note = 'MTN confirmed the airtime arrived at 10:42.';
    vi.mocked(fetchProblemReport).mockResolvedValueOnce({
      type: 'success',
      message: 'problem report fetched successfully',
      data: {
        case_number: 'NW-RESOLVED',
        transaction_id: 10,
        reference: transaction.reference,
        reason: 'not-received',
        note: '',
        status: 'resolved',
        created_at: hoursAgo(3),
        resolution_note: note,
      },
    });
    show(transaction);
    const status = (await screen.findByText('Case NW-RESOLVED')).closest('[role="status"]')!;
    expect(status.textContent).toContain('Resolved');
    expect(status.textContent).toContain(note);
  });
});
