import { describe, expect, it } from 'vitest';
import { emptyCode } from '../../../src/domain/account/codes';
import {
  validateChangePassword,
  validateChangePin,
  type ChangePasswordForm,
} from '../../../src/domain/account/accountForms';
import { validateProfile, type ProfileForm } from '../../../src/domain/kit/identityForms';

// The validation messages typed out here on purpose: a change to messages.ts must fail a test.
describe('validateProfile', () => {
  const valid: ProfileForm = { name: 'Ada Obi', phone: '08031234567', nin: '', bvn: '', date_of_birth: '' };

  it('passes a name and a phone; NIN and BVN are optional, and come with the date of birth on their record', () => {
    expect(validateProfile(valid)).toBeNull();
    const numbers = { nin: '12345678901', bvn: '22212345678', date_of_birth: '1990-01-01' };
    expect(validateProfile({ ...valid, ...numbers })).toBeNull();
  });

  it('refuses a NIN or BVN without a date of birth, and a date of birth that is no date', () => {
    for (const number of [{ nin: '12345678901' }, { bvn: '22212345678' }]) {
      expect(validateProfile({ ...valid, ...number })).toBe('please enter your date of birth, as on your BVN or NIN');
    }
    for (const dateOfBirth of ['1990-02-30', '1899-12-31', '01/01/1990']) {
      const form = { ...valid, bvn: '22212345678', date_of_birth: dateOfBirth };
      expect(validateProfile(form)).toBe('please enter your date of birth as a real date: day, month and year');
    }
  });

  it.each(['name', 'phone'] as const)('requires %s, whitespace counting as empty', (field) => {
    expect(validateProfile({ ...valid, [field]: '' })).toBe('name and phone field are required');
    expect(validateProfile({ ...valid, [field]: '  ' })).toBe('name and phone field are required');
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
