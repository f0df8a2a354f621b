// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { sendPhoneCode, verifyPhone } from '../../../src/api/account/phone';
import type * as PhoneApi from '../../../src/api/account/phone';
import { phonePromptDismissed } from '../../../src/api/kit/storage';
import { wantsPhonePrompt } from '../../../src/machines/account/phonePrompt';
import PhonePrompt from '../../../src/ui/account/PhonePrompt';
import { PhoneVerification } from '../../../src/ui/account/PhoneVerification';
import { ada } from '../../../testkit/fixtures';
import { createTestSession } from '../../../testkit/testSession';
import { renderInApp } from '../../support/renderInApp';

vi.mock('../../../src/api/account/phone', async (original) => ({
  ...(await original<typeof PhoneApi>()),
  sendPhoneCode: vi.fn(async () => ({ type: 'success', message: 'we have texted a code to your phone' })),
  verifyPhone: vi.fn(async () => ({
    type: 'success',
    message: 'your phone number is verified: we will text you the outcome of every payment',
    data: { ...ada, phone_verified: true },
  })),
}));

function renderFlow(ui: ReactNode) {
  const session = createTestSession({ ...ada, phone_verified: false });
  renderInApp(
    <>
      {ui}
      <ToastContainer />
    </>,
    { session: session.actor, path: '/profile' },
  );
  return session;
}

/** A browser with the WebOTP API, whose next text carries `code`. */
function browserReadingTexts(code: string) {
  const get = vi.fn(async () => ({ code }));
  vi.stubGlobal('OTPCredential', class {});
  Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
  return get;
}

describe('verifying the phone', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'credentials');
    localStorage.clear();
  });

  it('texts a code when asked, then takes it in one field the keyboard can fill, and tells the session', async () => {
    const session = renderFlow(<PhoneVerification />);
    expect(screen.getByText('08031234567')).toBeTruthy();
    expect(sendPhoneCode).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('we have texted a code to your phone')).toBeTruthy();

    const field = screen.getByLabelText('Code we texted to 08031234567') as HTMLInputElement;
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    fireEvent.click(screen.getByRole('button', { name: 'Verify phone' }));
    expect(await screen.findByText('please enter the code we texted to your phone')).toBeTruthy();
    fireEvent.change(field, { target: { value: '48 21 36' } });
    expect(field.value).toBe('482136');
    fireEvent.click(screen.getByRole('button', { name: 'Verify phone' }));
    await waitFor(() => expect(session.actor.getSnapshot().context.user.phone_verified).toBe(true));
    expect(verifyPhone).toHaveBeenCalledWith('482136', expect.any(AbortSignal));
  });

  it('where the browser reads texts (WebOTP), the code is read from the text and checked with no typing', async () => {
    const get = browserReadingTexts('905172');
    const session = renderFlow(<PhoneVerification sendAtOnce />);
    // The phone was just saved: its code goes at once.
    await waitFor(() => expect(sendPhoneCode).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(verifyPhone).toHaveBeenCalledWith('905172', expect.any(AbortSignal)));
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
    await waitFor(() => expect(session.actor.getSnapshot().context.user.phone_verified).toBe(true));
  });

  it('where it cannot, nothing asks the browser for texts: the code is typed', async () => {
    const get = vi.fn();
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    renderFlow(<PhoneVerification sendAtOnce />);
    expect(await screen.findByLabelText('Code we texted to 08031234567')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
    expect(verifyPhone).not.toHaveBeenCalled();
  });

  it('the dashboard\'s prompt says what a verified phone brings, and "Not now" is remembered for the account', async () => {
    const unverified = { email: ada.email, phone_verified: false };
    // Asked only once the server has said the phone is not verified.
    expect(wantsPhonePrompt({ ...unverified, phone_verified: null })).toBe(false);
    expect(wantsPhonePrompt({ ...unverified, phone_verified: true })).toBe(false);
    expect(wantsPhonePrompt(unverified)).toBe(true);
    renderFlow(<PhonePrompt />);
    expect(screen.getByRole('heading', { name: 'Get a text for every payment' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: 'Get a text for every payment' })).toBeNull();
    expect(phonePromptDismissed(ada.email)).toBe(true);
    expect(wantsPhonePrompt(unverified)).toBe(false);
    expect(wantsPhonePrompt({ ...unverified, email: 'someone.else@example.com' })).toBe(true);
  });
});
