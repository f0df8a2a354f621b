// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { AccountMenu } from '../../../src/ui/account/AccountMenu';
import { adaWithPin as ada } from '../../../testkit/fixtures';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';

// The dialog's code cannot be fetched: offline, before the app was kept for offline use. The
// fetch fails when the test says so, to see Logout while it waits.
const fetchEnds = vi.hoisted(() => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve: () => resolve() };
});
vi.mock('../../../src/ui/kit/ConfirmDialog', async () => {
  await fetchEnds.promise;
  throw new TypeError('Failed to fetch dynamically imported module');
});

function renderMenu() {
  const session = createTestSession(ada);
  renderInApp(
    <Routes>
      <Route path="/login" element={<h1>Login page</h1>} />
      <Route path="/menu" element={<AccountMenu />} />
    </Routes>,
    { session: session.actor, path: '/menu' },
  );
  return session;
}

describe('AccountMenu when the logout question’s code cannot be fetched', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows Logout busy while it fetches, then asks with the browser’s own question; a No keeps the session', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { actor } = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // Busy while the fetch is out, nothing asked yet.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Logout' }).getAttribute('aria-busy')).toBe('true'));
    expect(confirm).not.toHaveBeenCalled();
    fetchEnds.resolve();
    await waitFor(() => expect(confirm).toHaveBeenCalledOnce());
    expect(screen.getByRole('button', { name: 'Logout' }).hasAttribute('aria-busy')).toBe(false);
    expect(confirm).toHaveBeenCalledWith('are you sure you want to logout of the system ? ');
    await waitFor(() => expect(actor.getSnapshot().context.user.email).toBe('ada@example.com'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('a Yes logs out, as the dialog’s Logout would', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { actor } = renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });
});
