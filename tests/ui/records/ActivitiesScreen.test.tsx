// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Paginated, Transaction } from '../../../core/contract';
import { fetchTransactions } from '../../../src/api/wallet/wallet';
import ActivitiesScreen from '../../../src/ui/records/ActivitiesScreen';
import { adaSignedIn, airtimePurchase } from '../../../testkit/fixtures';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';
import { nextTask } from '../../../core/nextTask';

vi.mock('../../../src/api/wallet/wallet', () => ({ fetchTransactions: vi.fn(), refreshTransaction: vi.fn() }));
// A row's details ask whether a problem was reported about it: none was.
vi.mock('../../../src/api/records/problemReports', () => ({
  fetchProblemReport: vi.fn(async () => ({ type: 'success', message: '', data: null })),
  createProblemReport: vi.fn(),
}));

const all = Array.from({ length: 13 }, (_, index) => airtimePurchase(index + 1));

/** The server's pages of `items`, ten at a time like /activities asks. */
function serve(items: Transaction[]) {
  vi.mocked(fetchTransactions).mockImplementation(async ({ pagination, page }) => {
    const data: Paginated<Transaction> = {
      data: items.slice((page - 1) * pagination, page * pagination),
      current_page: page,
      per_page: pagination,
      total: items.length,
      last_page: Math.max(1, Math.ceil(items.length / pagination)),
    };
    return { type: 'success', message: 'transactions fetched successfully', data };
  });
}

function renderScreen() {
  const session = createTestSession({ ...adaSignedIn, wallet_balance: 2500 }).actor;
  renderInApp(<ActivitiesScreen />, { session, path: '/activities' });
  return session;
}

describe('ActivitiesScreen', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(fetchTransactions).mockReset();
  });

  it('shows skeleton rows while the first page loads', () => {
    vi.mocked(fetchTransactions).mockImplementation(() => new Promise(() => {}));
    renderScreen();
    expect(screen.getByRole('status').textContent).toBe('Loading transactions…');
    expect(document.querySelectorAll('.txn-skeleton')).toHaveLength(10);
    // The first placeholder lays out a blank in each font of a row's text, so the browser sets those
    // fonts up before the page paints; the others hold none.
    const [first, ...others] = document.querySelectorAll('.txn-skeleton');
    expect([...first.querySelectorAll('.skeleton-font')].map((blank) => blank.className)).toEqual([
      'skeleton-font txn-title',
      'skeleton-font txn-meta',
      'skeleton-font money txn-amount',
      'skeleton-font status',
    ]);
    expect(others.flatMap((placeholder) => [...placeholder.querySelectorAll('.skeleton-font')])).toEqual([]);
  });

  it('pages ten at a time, moves the focus to the first new row, and hides "Load more" after the last page', async () => {
    serve(all);
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Activities' });
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    expect(fetchTransactions).toHaveBeenLastCalledWith({ pagination: 10, page: 1 }, expect.anything());

    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    fireEvent.click(more);

    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(13));
    expect(fetchTransactions).toHaveBeenLastCalledWith({ pagination: 10, page: 2 }, expect.anything());
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement?.textContent).toContain('Airtime purchase 11');
  });

  it('shows "Load more" by the session\'s more_reveal, which the list sets; leaving /activities resets it with pagination', async () => {
    serve(all);
    const session = renderScreen();
    await screen.findByRole('list', { name: 'Activities' });
    expect(session.getSnapshot().context).toMatchObject({ more_reveal: true, pagination: 5 });
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
    // The shared flag rules the button: reset, it goes.
    session.send({ type: 'pagination.reset' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    session.send({ type: 'pagination.reveal', more: true });
    expect(await screen.findByRole('button', { name: 'Load more' })).toBeTruthy();
    cleanup();
    expect(session.getSnapshot().context).toMatchObject({ more_reveal: false, pagination: 5 });
  });

  it('offers no "Load more" for a full page with nothing behind it: more is not revealed', async () => {
    serve(all.slice(0, 10));
    const session = renderScreen();
    const list = await screen.findByRole('list', { name: 'Activities' });
    expect(within(list).getAllByRole('button')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(session.getSnapshot().context.more_reveal).toBe(false);
  });

  it('offers no "Load more" when the only page is not full', async () => {
    serve(all.slice(0, 4));
    renderScreen();
    await screen.findByRole('list', { name: 'Activities' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows the list afresh when the session brings a new balance (a transfer arrived)', async () => {
    serve(all.slice(0, 2));
    const session = renderScreen();
    await screen.findByText('Airtime purchase 2');
    serve(all.slice(0, 3));
    session.send({ type: 'session.update', data: { wallet_balance: 2800 } });
    expect(await screen.findByText('Airtime purchase 3')).toBeTruthy();
  });

  it('does not ask for the list again as the session ends (the balance goes with its user: no money moved)', async () => {
    serve(all.slice(0, 2));
    const session = renderScreen();
    await screen.findByText('Airtime purchase 2');
    expect(fetchTransactions).toHaveBeenCalledTimes(1);
    session.send({ type: 'session.logout' });
    await waitFor(() => expect(session.getSnapshot().matches('signedOut')).toBe(true));
    // A reload would be asked for in an effect after the session's change is drawn.
    await act(nextTask);
    expect(fetchTransactions).toHaveBeenCalledTimes(1);
  });

  it('keeps the pages loaded when money moves: the new row joins above them and nothing is lost', async () => {
    serve(all);
    const session = renderScreen();
    const list = await screen.findByRole('list', { name: 'Activities' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(13));

    // A transfer arrives: newest first, it pushes every row one place down on the server.
    const arrived = { ...airtimePurchase(14), description: 'Transfer from Tunde' };
    serve([arrived, ...all]);
    session.send({ type: 'session.update', data: { wallet_balance: 2800 } });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(14));
    expect(fetchTransactions).toHaveBeenLastCalledWith({ pagination: 10, page: 1 }, expect.anything());
    const rows = within(list).getAllByRole('button');
    expect(rows[0].textContent).toContain('Transfer from Tunde');
    expect(rows[13].textContent).toContain('Airtime purchase 13');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are no transactions yet, and points to funding', async () => {
    serve([]);
    renderScreen();
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add money by bank transfer' }).getAttribute('href')).toBe('/funding');
  });

  it('opens a completed row in the details dialog and closes it again', async () => {
    serve(all.slice(0, 3));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: /Airtime purchase 2/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(dialog.textContent).toContain('NW-2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
