// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '../../../core/contract';
import { Header } from '../../../src/ui/app/Header';
import { adaSignedIn as user, walletFunded as notification } from '../../../testkit/fixtures';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';
import { setViewportWidth } from '../../support/viewport';

function renderHeader(notifications: Notification[]) {
  const { actor } = createTestSession(user, async () => ({ user: {}, notifications }));
  renderInApp(<Header />, { session: actor, path: '/dashboard' });
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

  it('shows the initials, linking to the account menu page on a phone', () => {
    renderHeader([]);
    expect(screen.getByRole('link', { name: 'Account menu' }).getAttribute('href')).toBe('/more');
    expect(screen.getByText('AO')).toBeTruthy();
  });
});

describe('Header account dropdown (desktop)', () => {
  beforeEach(() => setViewportWidth(1280));
  afterEach(cleanup);

  const avatar = () => screen.getByRole('button', { name: 'Account menu' });
  // As a browser does it: the press that opens the menu is the first one inside it.
  const openMenu = () => {
    avatar().focus();
    fireEvent.pointerDown(avatar());
    fireEvent.click(avatar());
  };

  it('opens the account menu from the avatar and says so', () => {
    renderHeader([]);
    expect(avatar().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Change password' })).toBeNull();
    openMenu();
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(avatar().getAttribute('aria-controls')!)!;
    expect(within(panel).getByText('Ada Obi')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Change password' }).getAttribute('href')).toBe('/password');
    fireEvent.click(avatar());
    expect(avatar().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape, giving the focus back to the avatar', () => {
    renderHeader([]);
    openMenu();
    screen.getByRole('link', { name: 'Support' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(avatar().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(avatar());
  });

  it('closes on a press outside it, not on one inside', () => {
    renderHeader([]);
    openMenu();
    fireEvent.pointerDown(screen.getByText('ada@example.com'));
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(document.body);
    expect(avatar().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when one of its links is followed', () => {
    renderHeader([]);
    openMenu();
    fireEvent.click(screen.getByRole('link', { name: 'Profile' }));
    expect(avatar().getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps the menu open behind the logout question; Escape there only cancels the question', async () => {
    renderHeader([]);
    openMenu();
    const logout = screen.getByRole('button', { name: 'Logout' });
    logout.focus();
    fireEvent.click(logout);
    const dialog = await screen.findByRole('dialog');
    // A press inside the dialog (rendered outside the header) is not a press outside the menu.
    fireEvent.pointerDown(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(avatar().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(logout);
  });
});
