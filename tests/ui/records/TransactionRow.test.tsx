// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Transaction, TransactionStatus } from '../../../core/contract';
import { StatusIcon } from '../../../src/ui/kit/StatusIcon';
import { TransactionRow } from '../../../src/ui/records/TransactionRow';
import { electricityToken } from '../../../testkit/fixtures';

const transaction = (status: TransactionStatus): Transaction => ({ ...electricityToken, status });

function renderRow(status: TransactionStatus, checking = false) {
  const onSelect = vi.fn();
  render(
    <ul>
      <TransactionRow transaction={transaction(status)} onSelect={onSelect} checking={checking} />
    </ul>,
  );
  return { onSelect, row: screen.getByRole('button') };
}

describe('StatusIcon', () => {
  afterEach(cleanup);

  it.each([
    ['pending', 'Pending', 'orange', 'rotating'],
    ['processing', 'Processing', 'yellow', 'rotating'],
    ['completed', 'Completed', 'green', 'check'],
    ['canceled', 'Canceled', 'gray', 'cross'],
  ] as const)('shows %s as the word "%s" beside a %s %s icon', (status, label, colour, icon) => {
    const { container } = render(<StatusIcon status={status} />);
    const badge = container.querySelector('.status')!;
    // The word is there for everyone, screen readers included; the icon itself is decorative.
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('data-colour')).toBe(colour);
    expect(badge.getAttribute('data-icon')).toBe(icon);
    expect(badge.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('TransactionRow', () => {
  afterEach(cleanup);

  it('shows what, when, how much and the status in one button', () => {
    const { row } = renderRow('completed');
    expect(row.textContent).toContain('Ikeja Electric prepaid 45012345678');
    expect(row.textContent).toContain('Electricity');
    expect(row.textContent).toContain('₦12,500.50');
    expect(row.textContent).toContain('Completed');
    expect(row.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-21T10:00:00Z');
  });

  it('tells screen readers what a tap does: details for a settled row, a new check for an unsettled one', () => {
    expect(renderRow('completed').row.textContent).toContain('view details');
    cleanup();
    expect(renderRow('canceled').row.textContent).toContain('view details');
    cleanup();
    expect(renderRow('pending').row.textContent).toContain('check status again');
    cleanup();
    expect(renderRow('processing').row.textContent).toContain('check status again');
  });

  it('reports the tap with the transaction id', () => {
    const { onSelect, row } = renderRow('pending');
    fireEvent.click(row);
    expect(onSelect).toHaveBeenCalledWith(42);
  });

  it('says it is checking while the server is asked', () => {
    const { row } = renderRow('pending', true);
    expect(row.getAttribute('aria-busy')).toBe('true');
    expect(row.textContent).toContain('Checking…');
    expect(row.textContent).not.toContain('Pending');
  });

  it('falls back to the category when there is no description', () => {
    const onSelect = vi.fn();
    render(
      <ul>
        <TransactionRow transaction={{ ...transaction('completed'), description: '' }} onSelect={onSelect} />
      </ul>,
    );
    expect(screen.getByRole('button').querySelector('.txn-title')!.textContent).toBe('Electricity');
  });
});
