// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Transaction } from '../../../core/contract';
import { TransactionDetail } from '../../../src/ui/records/TransactionDetail';
import { electricityToken as token } from '../../../testkit/fixtures';

function Opener({ transaction }: { transaction: Transaction | null }) {
  const onClose = vi.fn();
  return (
    <MemoryRouter>
      <button type="button">Row</button>
      {transaction && <TransactionDetail transaction={transaction} onClose={onClose} />}
    </MemoryRouter>
  );
}

describe('TransactionDetail', () => {
  afterEach(cleanup);

  it('shows every field that matters, the value to copy and the download', () => {
    render(<Opener transaction={token} />);
    const dialog = screen.getByRole('dialog', { name: 'Transaction details' });
    for (const text of [
      '₦12,500.50',
      'Completed',
      'NW-20261121-0042',
      'Wallet',
      '45012345678',
      'Ikeja Electric prepaid 45012345678',
      'Electricity',
      'Token',
    ]) {
      expect(dialog.textContent).toContain(text);
    }
    expect(screen.getByText('1234-5678-9012-3456-7890')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Token' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('closes on Escape and the close button, locks the page scroll and gives the focus back to the row', () => {
    const onClose = vi.fn();
    const view = render(
      <MemoryRouter>
        <button type="button">Row</button>
      </MemoryRouter>,
    );
    const row = screen.getByRole('button', { name: 'Row' });
    row.focus();
    view.rerender(
      <MemoryRouter>
        <button type="button">Row</button>
        <TransactionDetail transaction={token} onClose={onClose} />
      </MemoryRouter>,
    );
    expect(document.documentElement.style.overflow).toBe('hidden');

    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);

    screen.getByRole('button', { name: 'Close' }).focus();
    view.rerender(
      <MemoryRouter>
        <button type="button">Row</button>
      </MemoryRouter>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Row' }));
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('keeps Tab inside: from the last control to the first and back', () => {
    render(<Opener transaction={token} />);
    const close = screen.getByRole('button', { name: 'Close' });
    const download = screen.getByRole('button', { name: 'Download' });
    download.focus();
    fireEvent.keyDown(download, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(download);
  });

  it('names the holder the server verified for the number billed, as the receipt does', () => {
    render(<Opener transaction={{ ...token, customer_name: 'CHIDI OKEKE' }} />);
    const row = screen.getByText('Meter holder').closest('div')!;
    expect(row.textContent).toBe('Meter holderCHIDI OKEKE');
    cleanup();
    render(<Opener transaction={token} />);
    expect(screen.queryByText('Meter holder')).toBeNull();
  });

  it('says a canceled payment was returned, and leaves out what is empty', () => {
    render(<Opener transaction={{ ...token, status: 'canceled', display_name: '', display_value: '', from: '' }} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Canceled');
    expect(dialog.textContent).toContain('returned to your wallet');
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
    expect(screen.queryByText('From')).toBeNull();
  });
});
