import { describe, expect, it } from 'vitest';
import { emptyCode } from '../../../src/domain/account/codes';
import {
  validateChangePassword as validateChangePasswordRule,
  validateChangePin as validateChangePinRule,
  validateForgot as validateForgotRule,
  validateLogin as validateLoginRule,
  validateRegister as validateRegisterRule,
  validateReset as validateResetRule,
  type ChangePasswordForm,
  type RegisterForm,
} from '../../../src/domain/account/accountForms';
import { ruleInEnglish } from '../../support/inEnglish';

const validateChangePassword = ruleInEnglish(validateChangePasswordRule);
const validateChangePin = ruleInEnglish(validateChangePinRule);
const validateForgot = ruleInEnglish(validateForgotRule);
const validateLogin = ruleInEnglish(validateLoginRule);
const validateRegister = ruleInEnglish(validateRegisterRule);
const validateReset = ruleInEnglish(validateResetRule);

// The validation messages typed out here on purpose, typos included: a change to messages.ts must fail a test.
describe('validateRegister', () => {
  const valid: RegisterForm = {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: '08012345678',
    password: 'Secret-123',
    confirm_password: 'Secret-123',
    terms: true,
  };

  it('passes a complete form with matching passwords and the terms accepted', () => {
    expect(validateRegister(valid)).toBeNull();
  });

  it.each(['name', 'email', 'phone', 'password', 'confirm_password'] as const)(
    'requires %s, whitespace counting as empty',
    (field) => {
      expect(validateRegister({ ...valid, [field]: '' })).toBe('please fill or forms to continue');
      expect(validateRegister({ ...valid, [field]: '   ' })).toBe('please fill or forms to continue');
    },
  );

  it('requires the confirmation to equal the password', () => {
    expect(validateRegister({ ...valid, confirm_password: 'Secret-124' })).toBe(
      'password and confirm password must match',
    );
  });

  it('requires the terms to be accepted', () => {
    expect(validateRegister({ ...valid, terms: false })).toBe('please accept our terms of service ad privacy policy');
  });

  it('checks the rules in the order of the spec table', () => {
    const everythingWrong = { ...valid, name: '', confirm_password: 'other', terms: false };
    expect(validateRegister(everythingWrong)).toBe('please fill or forms to continue');
    expect(validateRegister({ ...everythingWrong, name: 'Ada' })).toBe('password and confirm password must match');
  });
});

describe('validateLogin', () => {
  it('passes an e-mail and a password', () => {
    expect(validateLogin({ email: 'ada@example.com', password: 'x' })).toBeNull();
  });

  it.each([
    { email: '', password: 'x' },
    { email: 'ada@example.com', password: '' },
    { email: ' ', password: ' ' },
  ])('requires both fields: %o', (form) => {
    expect(validateLogin(form)).toBe('please fill or forms to continue');
  });
});

describe('validateForgot', () => {
  it('requires the e-mail', () => {
    expect(validateForgot({ email: 'ada@example.com' })).toBeNull();
    expect(validateForgot({ email: '' })).toBe('please enter your email');
    expect(validateForgot({ email: '  ' })).toBe('please enter your email');
  });
});

describe('validateReset', () => {
  it('passes two equal passwords', () => {
    expect(validateReset({ new_password: 'N3w-secret', confirm_new_password: 'N3w-secret' })).toBeNull();
  });

  it.each([
    { new_password: '', confirm_new_password: 'N3w-secret' },
    { new_password: 'N3w-secret', confirm_new_password: '' },
    { new_password: ' ', confirm_new_password: ' ' },
  ])('requires both fields: %o', (form) => {
    expect(validateReset(form)).toBe('please enter your new password');
  });

  it('requires the two to match', () => {
    expect(validateReset({ new_password: 'N3w-secret', confirm_new_password: 'N3w-secreT' })).toBe('password mismatch');
  });
});

describe('validateChangePassword', () => {
  const valid: ChangePasswordForm = {
    old_password: 'Old-pass-1',
    new_password: 'N3w-secret',
    confirm_new_password: 'N3w-secret',
  };

  it('passes the current password and a confirmed new one', () => {
    expect(validateChangePassword(valid)).toBeNull();
  });

  it.each(['old_password', 'new_password', 'confirm_new_password'] as const)('requires %s', (field) => {
    expect(validateChangePassword({ ...valid, [field]: '' })).toBe('all form fields are required');
    expect(validateChangePassword({ ...valid, [field]: ' ' })).toBe('all form fields are required');
  });

  it('requires the confirmation to equal the new password, after checking every field is there', () => {
    expect(validateChangePassword({ ...valid, confirm_new_password: 'N3w-secreT' })).toBe(
      'password and confirm password must match',
    );
    expect(validateChangePassword({ ...valid, old_password: '', confirm_new_password: 'N3w-secreT' })).toBe(
      'all form fields are required',
    );
  });
});

describe('validateChangePin', () => {
  const filled = '258013571357'.split('');

  it('passes twelve digits; whether the new pins match is the server’s to say', () => {
    expect(validateChangePin(filled)).toBeNull();
    expect(validateChangePin('258013579999'.split(''))).toBeNull();
  });

  it('requires every one of the twelve boxes to hold a digit', () => {
    expect(validateChangePin(emptyCode(12))).toBe('all form fields are required');
    expect(validateChangePin([...filled.slice(0, -1), ''])).toBe('all form fields are required');
    expect(validateChangePin([...filled.slice(0, -1), 'x'])).toBe('all form fields are required');
    expect(validateChangePin(filled.slice(0, 8))).toBe('all form fields are required');
  });
});
