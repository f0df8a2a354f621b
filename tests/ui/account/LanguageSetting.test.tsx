// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { setLanguage } from '../../../src/api/account/profile';
import type * as ProfileApi from '../../../src/api/account/profile';
import { LanguageSetting } from '../../../src/ui/account/LanguageSetting';
import { ada } from '../../../testkit/fixtures';
import { createTestSession } from '../../../testkit/testSession';
import { renderInApp } from '../../support/renderInApp';

vi.mock('../../../src/api/account/profile', async (original) => ({
  ...(await original<typeof ProfileApi>()),
  setLanguage: vi.fn(async (language: string) => ({
    type: 'success',
    message: 'language saved',
    data: { ...ada, language },
  })),
}));

function renderSetting() {
  const session = createTestSession({ ...ada, language: 'en' });
  renderInApp(
    <>
      <LanguageSetting />
      <ToastContainer />
    </>,
    { session: session.actor, path: '/more' },
  );
  return session;
}

describe("/more's language", () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('lists the five languages in themselves and in English, marks the unreviewed ones beta, and checks the one on file', () => {
    renderSetting();
    const group = screen.getByRole('group', { name: 'Language' });
    const choices = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(choices.map((choice) => choice.value)).toEqual(['en', 'pcm', 'ha', 'yo', 'ig']);
    expect(choices.filter((choice) => choice.checked).map((choice) => choice.value)).toEqual(['en']);
    const yoruba = screen.getByRole('radio', { name: /Yorùbá \(Yoruba\)/ });
    expect(yoruba.closest('label')?.querySelector('[lang="yo"]')?.textContent).toBe('Yorùbá');
    expect(within(yoruba.closest('label')!).getByText('beta')).toBeTruthy();
    expect(within(screen.getByRole('radio', { name: /^English/ }).closest('label')!).queryByText('beta')).toBeNull();
    expect(group.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('The app, your e-mails and your text messages are in it, on every device.')).toBeTruthy();
  });

  it('saves a language as soon as it is picked, tells the session and says so', async () => {
    const session = renderSetting();
    fireEvent.click(screen.getByRole('radio', { name: /Naijá/ }));
    expect((screen.getByRole('radio', { name: /Naijá/ }) as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('language saved')).toBeTruthy();
    expect(setLanguage).toHaveBeenCalledWith('pcm', expect.any(AbortSignal));
    await waitFor(() => expect(session.actor.getSnapshot().context.user.language).toBe('pcm'));
  });

  it('puts back the language on file when the server refuses, and says why', async () => {
    vi.mocked(setLanguage).mockRejectedValueOnce(new Error('too many requests, please try again later'));
    renderSetting();
    fireEvent.click(screen.getByRole('radio', { name: /Hausa/ }));
    expect(await screen.findByText('too many requests, please try again later')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^English/ }) as HTMLInputElement).checked).toBe(true);
  });
});
