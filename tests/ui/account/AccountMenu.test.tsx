// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { UserData } from '../../../core/contract';
import RequireUser from '../../../src/ui/app/RequireUser';
import { AccountMenu } from '../../../src/ui/account/AccountMenu';
import MoreScreen from '../../../src/ui/account/MoreScreen';
import { adaWithPin as ada } from '../../../testkit/fixtures';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';
import { setViewportWidth } from '../../support/viewport';

function renderAt(path: string, user: Partial<UserData> = ada) {
  const session = createTestSession(user);
  renderInApp(
    <Routes>
      <Route path="/login" element={<h1>Login page</h1>} />
      <Route path="/menu" element={<AccountMenu />} />
      <Route element={<RequireUser />}>
        <Route path="/more" element={<MoreScreen />} />
      </Route>
    </Routes>,
    { session: session.actor, path },
  );
  return session;
}

describe('AccountMenu', () => {
  beforeEach(() => setViewportWidth(360));
  afterEach(cleanup);

  it('shows who is signed in and links to every account page', () => {
    renderAt('/menu');
    expect(screen.getByText('AO')).toBeTruthy();
    expect(screen.getByText('Ada Obi')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Profile', '/profile'],
      ['Change password', '/password'],
      ['Change pin', '/pin'],
      ['Fund wallet', '/funding'],
      ['Statements', '/statements'],
      ['Schedules', '/schedules'],
      ['Support', '/support'],
    ]);
  });

  it('asks before logging out; Cancel keeps the session and gives the focus back to Logout', async () => {
    const { actor } = renderAt('/menu');
    const logout = screen.getByRole('button', { name: 'Logout' });
    logout.focus();
    fireEvent.click(logout);
    const dialog = await screen.findByRole('dialog');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe(
      'are you sure you want to logout of the system ? ',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(logout);
    expect(actor.getSnapshot().context.user.email).toBe('ada@example.com');
  });

  it('logs out on confirmation, empties what is stored, and lands on /login', async () => {
    const { actor, saved } = renderAt('/menu');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(saved.at(-1)).toMatchObject({ email: '', token: '', pin: '', tenant: '0' });
  });
});

describe('MoreScreen', () => {
  beforeEach(() => setViewportWidth(360));
  afterEach(cleanup);

  it('is the account menu as a page', () => {
    renderAt('/more');
    expect(screen.getByRole('heading', { name: 'More' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change pin' }).getAttribute('href')).toBe('/pin');
  });

  it('logs out and redirects to /login when no user e-mail is in state', async () => {
    const { actor } = renderAt('/more', { name: 'Half Stored', email: '', token: 'stale' });
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeTruthy();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
  });
});
