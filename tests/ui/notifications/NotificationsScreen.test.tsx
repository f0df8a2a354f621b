// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Notification } from '../../../core/contract';
import type { PollResult } from '../../../src/machines/app/session';
import NotificationsScreen from '../../../src/ui/notifications/NotificationsScreen';
import { adaSignedIn as user, walletFunded, welcome as firstNotification } from '../../../testkit/fixtures';
import { renderInApp } from '../../support/renderInApp';
import { expectEachBlankDrawn, fontBlanksIn } from '../../support/fontBlanks';
import { createTestSession } from '../../../testkit/testSession';

vi.mock('../../../src/api/notifications/notifications', () => ({
  markNotification: vi.fn(async () => ({ type: 'success', message: 'notification marked as read' })),
}));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000 - 5_000).toISOString();
// Dated from now, for the ages shown.
const funded: Notification = { ...walletFunded, created_at: minutesAgo(3) };
const welcome: Notification = { ...firstNotification, created_at: minutesAgo(60 * 24) };

function renderScreen(notifications: Notification[]) {
  let answer: (result: PollResult) => void = () => undefined;
  const { actor } = createTestSession(user, () => new Promise((resolve) => (answer = resolve)));
  renderInApp(<NotificationsScreen />, { session: actor, path: '/notification' });
  return { actor, answerPoll: () => answer({ user: {}, notifications }) };
}

describe('NotificationsScreen', () => {
  afterEach(cleanup);

  it('waits for the list before saying there is nothing, then says exactly "No notifications"', async () => {
    const { answerPoll } = renderScreen([]);
    expect(screen.getByRole('status').textContent).toBe('Loading notifications…');
    expect(screen.queryByText('No notifications')).toBeNull();
    answerPoll();
    expect(await screen.findByText('No notifications')).toBeTruthy();
  });

  it('holds the first placeholder’s blanks in the fonts of what the list then draws, and no other placeholder’s', async () => {
    const { answerPoll } = renderScreen([funded, welcome]);
    const [first, ...others] = document.querySelectorAll('.note-skeleton');
    expect(others).toHaveLength(2);
    const blanks = fontBlanksIn(first);
    expect(blanks).toEqual(['note-title', 'note-title unread', 'badge', 'note-age', 'btn btn-small']);
    expect(others.flatMap((placeholder) => [...placeholder.querySelectorAll('.skeleton-font')])).toEqual([]);

    // An unread title is drawn in its own weight.
    answerPoll();
    await screen.findByRole('article', { name: 'New Wallet funded' });
    expectEachBlankDrawn(blanks, (classes) =>
      classes === 'note-title unread' ? ".note[data-unread='true'] .note-title" : `.${classes.replaceAll(' ', '.')}`,
    );
  });

  it('shows title, content and age, marks unread ones in words, and marks one as read', async () => {
    const { actor, answerPoll } = renderScreen([funded, welcome]);
    answerPoll();
    const unread = await screen.findByRole('article', { name: 'New Wallet funded' });
    expect(unread.getAttribute('data-unread')).toBe('true');
    expect(unread.textContent).toContain('₦5,000.00 received');
    expect(unread.textContent).toContain('3 minutes ago');
    const read = screen.getByRole('article', { name: 'Welcome' });
    expect(read.textContent).toContain('1 day ago');
    // Only the unread one can be marked.
    expect(screen.getAllByRole('button', { name: 'Mark as read' })).toHaveLength(1);
    expect(screen.getByText('1 unread')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Mark as read' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(actor.getSnapshot().context.notifications.find((n) => n.id === funded.id)?.status).toBe('read');
    expect(screen.getByRole('article', { name: 'Wallet funded' }).getAttribute('data-unread')).toBe('false');
    expect(screen.getByText('You are all caught up.')).toBeTruthy();
  });
});
