// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import PolicyScreen from '../../../src/ui/site/PolicyScreen';
import { speak } from '../../../src/ui/kit/language';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';

function renderPolicy() {
  const { actor } = createTestSession();
  renderInApp(<PolicyScreen />, { session: actor, path: '/policy' });
}

describe('LegalDocument', () => {
  afterEach(async () => {
    cleanup();
    await act(() => speak('en'));
  });

  it('in English, says nothing of its language', () => {
    renderPolicy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(document.querySelector('.legal-language')).toBeNull();
    expect(document.querySelector('main [lang]')).toBeNull();
  });

  it('in another language, names itself in it, says the text is English only and marks the text English', async () => {
    await act(() => speak('yo'));
    renderPolicy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ìlànà Àṣírí');
    expect(document.querySelector('.legal-language')?.textContent).toBe('Èdè Gẹ̀ẹ́sì nìkan ni ìwé yìí wà.');
    expect(document.querySelector('.legal-language')?.closest('[lang]')?.getAttribute('lang')).toBe('yo');
    const section = screen.getByRole('heading', { name: '1. Who we are' }).closest('section')!;
    expect(section.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('link', { name: 'Who we are' }).closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(screen.getByText(/^Last updated/).getAttribute('lang')).toBe('en');
  });
});
