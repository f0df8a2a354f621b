// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FundingStatus } from '../../../core/contract';
import { identityMessages } from '../../../core/words/identity';
import { fetchFunding, verifyCardTopUp, verifyFundingIdentity } from '../../../src/api/wallet/funding';
import FundingScreen from '../../../src/ui/wallet/FundingScreen';
import { ACCOUNTS, CREATING, PAID, READY, RETURNED, UNVERIFIED } from '../../../testkit/models/wallet/funding.model';
import { adaSignedIn } from '../../../testkit/fixtures';
import { renderInApp } from '../../support/renderInApp';
import { expectEachBlankDrawn, fontBlanksIn } from '../../support/fontBlanks';
import { createTestSession } from '../../../testkit/testSession';

vi.mock('../../../src/api/wallet/funding', () => ({
  fetchFunding: vi.fn(),
  verifyFundingIdentity: vi.fn(),
  verifyCardTopUp: vi.fn(),
  startCardTopUp: vi.fn(),
}));

const answer = (data: FundingStatus) => ({ type: 'success' as const, message: 'funding fetched successfully', data });

function renderScreen(path = '/funding', user = adaSignedIn) {
  const session = createTestSession(user).actor;
  renderInApp(<FundingScreen />, { session, path });
  return session;
}

describe('FundingScreen', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(fetchFunding).mockReset();
    vi.mocked(verifyFundingIdentity).mockReset();
    vi.mocked(verifyCardTopUp).mockReset();
  });

  it('with no BVN or NIN verified, says the wallet cannot be funded and offers the verification in place; no account number shows', async () => {
    vi.mocked(fetchFunding).mockResolvedValue(answer(UNVERIFIED));
    vi.mocked(verifyFundingIdentity).mockResolvedValue({ type: 'success', message: 'identity verified', data: READY });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Verify your identity to fund your wallet' })).toBeTruthy();
    expect(screen.getByText(identityMessages.identityRequired.message)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Your account numbers' })).toBeNull();

    fireEvent.click(screen.getByLabelText(/^NIN/));
    fireEvent.change(screen.getByLabelText('Your NIN'), { target: { value: '700 1234 5678x' } });
    expect((screen.getByLabelText('Your NIN') as HTMLInputElement).value).toBe('70012345678');
    // The number binds only with the date of birth on its record, typed beside it.
    const born = screen.getByLabelText('Date of birth') as HTMLInputElement;
    expect([born.type, born.autocomplete]).toEqual(['date', 'bday']);
    const hint = document.getElementById(born.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/^As registered with your NIN\. This account's phone number must be registered/);
    fireEvent.change(born, { target: { value: '1990-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const sent = { nin: '70012345678', date_of_birth: '1990-01-01' };
    await waitFor(() => expect(verifyFundingIdentity).toHaveBeenCalledWith(sent, expect.anything()));
    const list = await screen.findByRole('list', { name: 'Your account numbers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(list.textContent).toContain('ADA OBI');
  });

  it('holds the account numbers’ places while none is known, the first with a blank in each font the answer then draws', async () => {
    let answered = (_: ReturnType<typeof answer>) => {};
    vi.mocked(fetchFunding).mockReturnValue(new Promise((resolve) => (answered = resolve)));
    renderScreen('/funding', { ...adaSignedIn, accounts: [] });
    const [first, ...others] = document.querySelectorAll('.account-skeleton');
    expect(others).toHaveLength(1);
    const blanks = fontBlanksIn(first);
    expect(blanks).toEqual([
      'account-bank',
      'account-number mono',
      'account-name',
      'btn btn-small',
      'card-quote-total',
    ]);
    expect(others[0].querySelectorAll('.skeleton-font')).toHaveLength(0);

    answered(answer(READY));
    await screen.findByRole('form', { name: 'Top up with a card' });
    expectEachBlankDrawn(blanks);
  });

  it('shows the stored account numbers while the answer comes, and fills the answer in around the same list', async () => {
    let answered = (_: ReturnType<typeof answer>) => {};
    vi.mocked(fetchFunding).mockReturnValue(new Promise((resolve) => (answered = resolve)));
    renderScreen('/funding', { ...adaSignedIn, accounts: ACCOUNTS });
    const stored = await screen.findByRole('list', { name: 'Your account numbers' });
    expect(within(stored).getAllByRole('listitem')).toHaveLength(ACCOUNTS.length);
    expect(screen.queryByRole('form', { name: 'Top up with a card' })).toBeNull();

    answered(answer(READY));
    expect(await screen.findByRole('form', { name: 'Top up with a card' })).toBeTruthy();
    // Not built again: the list drawn from the stored user is the one the answer fills.
    expect(screen.getByRole('list', { name: 'Your account numbers' })).toBe(stored);
    expect(within(stored).getAllByRole('listitem')).toHaveLength(READY.accounts.length);
  });

  it('says which partner is still creating its number, with its own words', async () => {
    vi.mocked(fetchFunding).mockResolvedValue(answer(CREATING));
    renderScreen();
    const waiting = await screen.findByRole('list', { name: 'Account numbers on the way' });
    expect(waiting.textContent).toContain('Paystack is creating your account number.');
    expect(screen.getByRole('form', { name: 'Top up with a card' })).toBeTruthy();
  });

  it('shows the fee and the total before paying by card', async () => {
    vi.mocked(fetchFunding).mockResolvedValue(answer(READY));
    renderScreen();
    const form = await screen.findByRole('form', { name: 'Top up with a card' });
    fireEvent.change(within(form).getByLabelText('Amount to add (₦)'), { target: { value: '5000' } });
    // Waited for, not read in the step the amount is typed: once, in a full run on a loaded machine,
    // the figures were not drawn yet at that point.
    await waitFor(() => expect(form.textContent).toContain('To your wallet₦5,000.00'));
    expect(form.textContent).toContain('Paystack card fee₦177.67');
    expect(form.textContent).toContain('Your card is charged₦5,177.67');
    expect(within(form).getByRole('button', { name: 'Pay ₦5,177.67 with card' })).toBeTruthy();
  });

  it('back from the checkout, confirms the payment before loading the rest', async () => {
    vi.mocked(verifyCardTopUp).mockResolvedValue({ type: 'success', message: 'card payment success', data: PAID });
    vi.mocked(fetchFunding).mockResolvedValue(answer({ ...READY, card_payments: [PAID] }));
    renderScreen(`/funding?trxref=${RETURNED.reference}&reference=${RETURNED.reference}`);
    await waitFor(() => expect(verifyCardTopUp).toHaveBeenCalledWith(RETURNED.reference, expect.anything()));
    const payments = await screen.findByRole('region', { name: 'Card top-ups' });
    expect(payments.textContent).toContain('Successful');
  });
});
