// @vitest-environment jsdom
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import RegisterScreen from '../../../src/ui/account/RegisterScreen';
import LoginScreen from '../../../src/ui/account/LoginScreen';
import ForgotScreen from '../../../src/ui/account/ForgotScreen';
import { renderInApp } from '../../support/renderInApp';
import { createTestSession } from '../../../testkit/testSession';

/**
 * The screens against their real machines. Only rejections the machines make before any
 * request are driven here; the requests themselves are covered by the model tests.
 */
function renderAt(path: string, Screen: ComponentType) {
  const { actor } = createTestSession();
  return renderInApp(
    <>
      <Screen />
      <ToastContainer />
    </>,
    { session: actor, path },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('RegisterScreen', () => {
  afterEach(cleanup);

  it('shows the fill-the-form message once when an empty form is submitted', async () => {
    renderAt('/register', RegisterScreen);
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('please fill or forms to continue')).toBeTruthy();
    expect(screen.getAllByText('please fill or forms to continue')).toHaveLength(1);
  });

  it('keeps what was typed and asks for matching passwords, then for the terms', async () => {
    renderAt('/register', RegisterScreen);
    type('Full name', 'Ada Obi');
    type('Email', 'ada@example.com');
    type('Phone number', '08012345678');
    type('Password', 'Secret-123');
    type('Confirm password', 'Secret-999');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('password and confirm password must match')).toBeTruthy();
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ada Obi');

    type('Confirm password', 'Secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('please accept our terms of service ad privacy policy')).toBeTruthy();
  });

  it('labels its inputs for phones and password managers, and links to the terms, the policy and login', () => {
    renderAt('/register', RegisterScreen);
    const phone = screen.getByLabelText('Phone number');
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    expect(phone.getAttribute('maxlength')).toBe('11');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByRole('checkbox', { name: /I accept the Terms of Service and the Privacy Policy/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/policy');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});

describe('LoginScreen and ForgotScreen', () => {
  afterEach(cleanup);

  it('login: asks for both fields and links to forgot and register', async () => {
    renderAt('/login', LoginScreen);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    type('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('please fill or forms to continue')).toBeTruthy();
  });

  it("forgot: the 'Reset password' button asks for the e-mail", async () => {
    renderAt('/forgot', ForgotScreen);
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('please enter your email')).toBeTruthy();
  });
});
