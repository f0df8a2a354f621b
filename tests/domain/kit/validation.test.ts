import { describe, expect, it } from 'vitest';
import { identityMessages } from '../../../core/messages';
import { validateCardAmount } from '../../../src/domain/wallet/cardAmount';
import {
  validateForgot,
  validateLogin,
  validateRegister,
  validateReset,
  type RegisterForm,
} from '../../../src/domain/account/accountForms';
import { validateIdentity } from '../../../src/domain/kit/identityForms';

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

describe('validateIdentity', () => {
  const form = {
    kind: 'bvn' as const,
    bvn_or_nin: '22212345678',
    date_of_birth: '1990-01-01',
    bank_code: '',
    bank_account_number: '',
  };
  it('passes 11 digits with a date of birth, and a whole bank account or none', () => {
    expect(validateIdentity(form)).toBeNull();
    expect(validateIdentity({ ...form, bank_code: '058', bank_account_number: '0123456789' })).toBeNull();
  });

  it('names what is missing or wrong', () => {
    expect(validateIdentity({ ...form, bvn_or_nin: ' ' })).toBe(identityMessages.typeNumber('BVN'));
    expect(validateIdentity({ ...form, kind: 'nin', bvn_or_nin: '123' })).toBe(identityMessages.elevenDigits('NIN'));
    const undated = validateIdentity({ ...form, date_of_birth: ' ' });
    expect(undated).toBe('please enter your date of birth, as on your BVN or NIN');
    const noDate = validateIdentity({ ...form, date_of_birth: '1990-13-01' });
    expect(noDate).toBe('please enter your date of birth as a real date: day, month and year');
    expect(validateIdentity({ ...form, bank_code: '058' })).toBe(identityMessages.bankAccountIncomplete);
    expect(validateIdentity({ ...form, bank_account_number: '0123456789' })).toBe(
      identityMessages.bankAccountIncomplete,
    );
    expect(validateIdentity({ ...form, kind: 'nin', bank_code: '058', bank_account_number: '0123456789' })).toBe(
      identityMessages.bankAccountNeedsBvn,
    );
  });
});

describe('validateCardAmount', () => {
  const limits = { min: 100, max: 300_000 };
  it('passes naira within what the server allows now', () => {
    expect(validateCardAmount('5000', limits)).toBeNull();
    expect(validateCardAmount('100', limits)).toBeNull();
    expect(validateCardAmount('300000', limits)).toBeNull();
  });

  it.each(['', '99.99', '300000.01', 'abc', '1.234'])('refuses %j with the range', (amount) => {
    expect(validateCardAmount(amount, limits)).toBe('enter an amount between ₦100.00 and ₦300,000.00');
  });
});
