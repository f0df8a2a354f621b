// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Notification } from '../../src/api/contract';
import { SessionProvider } from '../../src/ui/app/SessionContext';
import { Header } from '../../src/ui/components/Header';
import { createTestSession } from '../support/testSession';
import { setViewportWidth } from './viewport';

const user = { name: 'Ada Obi', email: 'ada@example.com', token: 'session-token' };
const notification: Notification = { id: 1, title: 'Wallet funded', content: '₦5,000.00 received', created_at: '2026-11-21T10:00:00Z', status: 'unread' };

function renderHeader(notifications: Notification[]) {
  const { actor } = createTestSession(user, async () => ({ user: {}, notifications }));
  render(
    <SessionProvider actor={actor}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Header />
      </MemoryRouter>
    </SessionProvider>,
  );
  return { actor };
}

describe('Header', () => {
  beforeEach(() => setViewportWidth(360));
  afterEach(cleanup);

  it('shows the red dot, and says so, when notifications exist', async () => {
    renderHeader([notification]);
    const bell = await screen.findByRole('link', { name: 'Notifications (new)' });
    expect(bell.getAttribute('href')).toBe('/notification');
    expect(document.querySelector('.bell-dot')).not.toBeNull();
  });

  it('shows no dot without notifications', async () => {
    const { actor } = renderHeader([]);
    // The first poll has answered with an empty list, not just the session's default.
    await waitFor(() => expect(actor.getSnapshot().matches({ signedIn: 'waiting' })).toBe(true));
    expect(screen.getByRole('link', { name: 'Notifications' }).getAttribute('href')).toBe('/notification');
    expect(document.querySelector('.bell-dot')).toBeNull();
  });

  it('shows the initials, linking to the account menu on a phone and the profile on a desktop', () => {
    renderHeader([]);
    expect(screen.getByRole('link', { name: 'Account menu' }).getAttribute('href')).toBe('/more');
    expect(screen.getByText('AO')).toBeTruthy();
    cleanup();
    setViewportWidth(1280);
    renderHeader([]);
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
  });
});
