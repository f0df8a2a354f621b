// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { forgotPin, resetPin } from '../../../src/api/account/pin';
import type * as PinApi from '../../../src/api/account/pin';
import type * as PurchasesApi from '../../../src/api/purchases/purchases';
import type * as BeneficiariesApi from '../../../src/api/purchases/beneficiaries';
import ChangePinScreen from '../../../src/ui/account/ChangePinScreen';
import ResetPinScreen from '../../../src/ui/account/ResetPinScreen';
import ServiceScreen from '../../../src/ui/purchases/ServiceScreen';
import { serviceByKey } from '../../../core/services';
import { adaWithPin } from '../../../testkit/fixtures';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';
import { setViewportWidth } from '../../support/viewport';

vi.mock('../../../src/api/account/pin', async (original) => ({
  ...(await original<typeof PinApi>()),
  forgotPin: vi.fn(async () => ({ type: 'success', message: 'we have sent a code to your email' })),
  resetPin: vi.fn(async () => ({ type: 'success', message: 'transaction pin reset successfully' })),
}));
vi.mock('../../../src/api/purchases/purchases', async (original) => ({
  ...(await original<typeof PurchasesApi>()),
  recentBeneficiaries: vi.fn(async () => ({ type: 'success', message: '', data: [] })),
}));
// The service screen lists the saved beneficiaries as it opens: none here.
vi.mock('../../../src/api/purchases/beneficiaries', async (original) => ({
  ...(await original<typeof BeneficiariesApi>()),
  listSavedBeneficiaries: vi.fn(async () => ({ type: 'success', message: '', data: [] })),
}));

/** Any other screen, as the dashboard a reset pin goes back to by default. */
function Elsewhere() {
  const { pathname } = useLocation();
  return <p>{`Back on ${pathname}`}</p>;
}

function renderAt(path: string) {
  const session = createTestSession(adaWithPin);
  renderInApp(
    <>
      <Routes>
        <Route path="/reset-pin" element={<ResetPinScreen />} />
        <Route path="/pin" element={<ChangePinScreen />} />
        <Route path="/airtime" element={<ServiceScreen service={serviceByKey('airtime')} />} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
      <ToastContainer />
    </>,
    { session: session.actor, path },
  );
  return session;
}

const digits = (label: (n: number) => string, code: string) =>
  [...code].forEach((digit, i) => fireEvent.change(screen.getByLabelText(label(i + 1)), { target: { value: digit } }));

describe('ResetPinScreen', () => {
  beforeEach(() => setViewportWidth(360));
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('e-mails a code only when asked, then takes the code, the password and the new pin, and goes back', async () => {
    renderAt('/reset-pin?from=%2Fairtime');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset pin' })).toBeTruthy();
    expect(screen.getByText(adaWithPin.email!)).toBeTruthy();
    expect(forgotPin).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('we have sent a code to your email')).toBeTruthy();
    expect(forgotPin).toHaveBeenCalledTimes(1);

    // Another code only after the countdown, as at verify-email.
    expect((screen.getByRole('button', { name: /Resend code in \d+ s/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('all form fields are required')).toBeTruthy();

    digits((n) => `Digit ${n} of 4`, '4815');
    fireEvent.change(screen.getByLabelText('Account password'), { target: { value: 'Harmattan-2026!' } });
    digits((n) => `New pin digit ${n} of 4`, '3915');
    digits((n) => `Confirm new pin digit ${n} of 4`, '3915');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Airtime' })).toBeTruthy();
    expect(resetPin).toHaveBeenCalledWith(
      { password: 'Harmattan-2026!', otp: '4815', pin: '3915', confirm_pin: '3915' },
      expect.anything(),
    );
    expect(await screen.findByText('transaction pin reset successfully')).toBeTruthy();
  });

  it('labels its inputs for phones and password managers, hides the pins, and goes to the dashboard when no screen is named', async () => {
    renderAt('/reset-pin');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Account password');
    expect(screen.getByLabelText('Account password').getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByLabelText('Digit 1 of 4').getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByRole('group', { name: 'Code from your email' })).toBeTruthy();
    for (const label of ['New pin digit 1 of 4', 'Confirm new pin digit 4 of 4']) {
      const box = screen.getByLabelText(label) as HTMLInputElement;
      expect(box.type).toBe('password');
      expect(box.getAttribute('inputmode')).toBe('numeric');
    }
    digits((n) => `Digit ${n} of 4`, '4815');
    fireEvent.change(screen.getByLabelText('Account password'), { target: { value: 'Harmattan-2026!' } });
    digits((n) => `New pin digit ${n} of 4`, '3915');
    digits((n) => `Confirm new pin digit ${n} of 4`, '3915');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Back on /dashboard')).toBeTruthy();
  });

  it('is offered on /pin, and comes back there', async () => {
    renderAt('/pin');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot pin?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset pin' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Account password');
    digits((n) => `Digit ${n} of 4`, '4815');
    fireEvent.change(screen.getByLabelText('Account password'), { target: { value: 'Harmattan-2026!' } });
    digits((n) => `New pin digit ${n} of 4`, '3915');
    digits((n) => `Confirm new pin digit ${n} of 4`, '3915');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Change pin' })).toBeTruthy());
  });

  it('a service screen whose purchases are locked says so and offers "Forgot pin?"', async () => {
    const session = renderAt('/airtime');
    expect(screen.queryByRole('note')).toBeNull();
    act(() => session.actor.send({ type: 'session.update', data: { pin_locked: true } }));
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Purchases are locked');
    expect(screen.getByRole('link', { name: 'Forgot pin?' }).getAttribute('href')).toBe('/reset-pin?from=%2Fairtime');
  });
});
