import { describe, expect, it } from 'vitest';
import { validateForgot, validateLogin, validateRegister, validateReset, type RegisterForm } from '../../src/domain/validation';

// The SPEC.md §5 texts typed out here on purpose, typos included: a change to messages.ts must fail a test.
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

  it.each(['name', 'email', 'phone', 'password', 'confirm_password'] as const)('requires %s, whitespace counting as empty', (field) => {
    expect(validateRegister({ ...valid, [field]: '' })).toBe('please fill or forms to continue');
    expect(validateRegister({ ...valid, [field]: '   ' })).toBe('please fill or forms to continue');
  });

  it('requires the confirmation to equal the password', () => {
    expect(validateRegister({ ...valid, confirm_password: 'Secret-124' })).toBe('password and confirm password must match');
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
