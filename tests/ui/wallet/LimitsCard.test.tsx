// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Limits } from '../../../core/contract';
import { LimitsCard } from '../../../src/ui/wallet/LimitsCard';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';

function renderCard(limits?: Limits) {
  const { actor } = createTestSession({ name: 'Ada Obi', email: 'ada@example.com', ...(limits ? { limits } : {}) });
  return renderInApp(<LimitsCard />, { session: actor, path: '/profile' });
}

describe('LimitsCard', () => {
  afterEach(cleanup);

  it("shows the tier, its limits, today's spending and how to go up", () => {
    renderCard({
      tier: 1,
      can_fund: true,
      daily_limit: 50_000,
      spent_today: 12_500,
      left_today: 37_500,
      balance_cap: 300_000,
    });
    const card = screen.getByRole('region', { name: 'Your limits' });
    expect(card.textContent).toContain('Tier 1');
    expect(card.textContent).toContain(
      'Daily limit₦50,000.00Spent today₦12,500.00Left today₦37,500.00Balance cap₦300,000.00',
    );
    expect(screen.getByRole('meter', { name: 'Daily limit used' }).getAttribute('aria-valuenow')).toBe('25');
    expect(card.textContent).toContain('Verify the other one of your BVN and NIN below to reach tier 2.');
  });

  it('a wallet with no verified BVN or NIN says it cannot be funded, and why', () => {
    renderCard({ tier: 0, can_fund: false, daily_limit: 50_000, spent_today: 0, left_today: 50_000, balance_cap: 0 });
    const card = screen.getByRole('region', { name: 'Your limits' });
    expect(card.textContent).toContain('Not verified');
    expect(card.textContent).toContain('Balance capCannot be funded');
    expect(card.textContent).toContain(
      'Your wallet is not linked to a BVN or NIN, so it cannot be funded (the CBN requires one). Verify one ' +
        'below: we check it with NIBSS or NIMC, and the name must match yours.',
    );
  });

  it('tier 3 has no cap and nothing more to verify', () => {
    renderCard({
      tier: 3,
      can_fund: true,
      daily_limit: 5_000_000,
      spent_today: 0,
      left_today: 5_000_000,
      balance_cap: null,
    });
    const card = screen.getByRole('region', { name: 'Your limits' });
    expect(card.textContent).toContain('Balance capNo cap');
    expect(card.textContent).toContain('this is the highest tier');
  });

  it('keeps its shape, with placeholders, and says it is loading until the server has answered the limits', () => {
    renderCard();
    expect(screen.getByText('Loading your limits…')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Your limits' });
    expect(card.getAttribute('aria-busy')).toBe('true');
    expect(card.textContent).toContain('Daily limit…');
    expect(card.textContent).toContain('Tier …');
    expect(screen.getByRole('meter', { name: 'Daily limit used' }).getAttribute('aria-valuenow')).toBe('0');
  });
});
