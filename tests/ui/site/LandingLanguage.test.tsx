// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import LandingScreen from '../../../src/ui/site/LandingScreen';
import { speak } from '../../../src/ui/kit/language';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';

function renderLanding() {
  const { actor } = createTestSession();
  renderInApp(<LandingScreen />, { session: actor });
}

describe('LandingScreen in the app’s language', () => {
  afterEach(async () => {
    cleanup();
    await act(() => speak('en'));
  });

  it('says the cashback rates of the service table in English', () => {
    renderLanding();
    expect(screen.getByText(/^On every completed purchase/).textContent).toBe(
      'On every completed purchase: 2% on Airtime, 1.5% on Data and 0.5% on Electricity and Cable TV, paid straight into your wallet.',
    );
  });

  it('says them, and the rest of the page, in the language chosen', async () => {
    await act(() => speak('ha'));
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Biya kowane kuɗi daga walat ta naira ɗaya');
    expect(screen.getByText(/^A kan kowace sayayya/).textContent).toBe(
      'A kan kowace sayayya da aka kammala: 2% a kan Katin waya, 1.5% a kan Data da 0.5% a kan Wutar lantarki da Talabijin na kebul, ana saka shi kai tsaye a walat ɗinku.',
    );
    expect(screen.getByRole('button', { name: 'Ta yaya zan biya?' })).toBeTruthy();
  });
});
