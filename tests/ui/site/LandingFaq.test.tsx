// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import LandingScreen from '../../../src/ui/site/LandingScreen';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';

function renderLanding() {
  const { actor } = createTestSession();
  renderInApp(<LandingScreen />, { session: actor });
}

describe('LandingScreen FAQ', () => {
  afterEach(cleanup);

  it('has the four questions of the landing page, all closed at first', () => {
    renderLanding();
    const questions = ['What is Naira Wallet?', 'How do I pay?', 'Is my money safe?', 'How do I track my payments?'];
    for (const question of questions) {
      expect(screen.getByRole('button', { name: question }).getAttribute('aria-expanded')).toBe('false');
    }
  });

  it('opens a question to show its answer and closes it again', () => {
    renderLanding();
    const button = screen.getByRole('button', { name: 'How do I pay?' });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(screen.getByRole('region', { name: 'How do I pay?' }).textContent).toContain('bank transfer');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('leads to sign-up, login, the terms and the policy', () => {
    renderLanding();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/register', '/login', '/terms', '/policy']));
  });
});
