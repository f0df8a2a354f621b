// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { BalanceCard } from '../../../src/ui/wallet/BalanceCard';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';

function renderCard(cashback: { cashback_total?: number } = { cashback_total: 42.5 }) {
  const { actor } = createTestSession({
    name: 'Ada Obi',
    email: 'ada@example.com',
    wallet_balance: 1234.56,
    ...cashback,
  });
  const view = renderInApp(<BalanceCard />, { session: actor, path: '/dashboard' });
  return { actor, view };
}

describe('BalanceCard', () => {
  afterEach(cleanup);

  it('shows the balance in naira with thousands separators and two decimals, and links to funding', () => {
    renderCard();
    expect(screen.getByText('₦1,234.56')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Total balance' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Fund Wallet' }).getAttribute('href')).toBe('/funding');
  });

  it('shows the cashback earned, hidden with the balance, and a placeholder on its line before the server has said', () => {
    const { view } = renderCard();
    const cashback = () => view.container.querySelector('.balance-cashback')!;
    expect(cashback().textContent).toBe('Cashback earned ₦42.50');
    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(cashback().getAttribute('data-hidden')).toBe('true');
    expect(screen.getByText('₦42.50').closest('[aria-hidden="true"]')).toBeTruthy();
    cleanup();
    const before = renderCard({});
    const placeholder = before.view.container.querySelector('.balance-cashback')!;
    expect(placeholder.textContent).toBe('Cashback earned …');
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
  });

  it('hides the balance (blurred, silent for screen readers) and shows it again', () => {
    const { actor, view } = renderCard();
    const amount = () => view.container.querySelector('.balance-amount')!;

    const hide = screen.getByRole('button', { name: 'Hide balance' });
    fireEvent.click(hide);

    expect(actor.getSnapshot().context.reveal_balance).toBe(false);
    expect(amount().getAttribute('data-hidden')).toBe('true');
    expect(screen.getByText('₦1,234.56').closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.getByText('Balance hidden')).toBeTruthy();

    const show = screen.getByRole('button', { name: 'Show balance' });
    fireEvent.click(show);

    expect(actor.getSnapshot().context.reveal_balance).toBe(true);
    expect(amount().getAttribute('data-hidden')).toBe('false');
    expect(screen.getByText('₦1,234.56').closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByText('Balance hidden')).toBeNull();
  });
});
