import { describe, expect, it } from 'vitest';
import { identityMessages } from '../../../core/words/identity';
import {
  validateIdentity as validateIdentityRule,
  validateProfile as validateProfileRule,
  type ProfileForm,
} from '../../../src/domain/kit/identityForms';
import { ruleInEnglish } from '../../support/inEnglish';

const validateIdentity = ruleInEnglish(validateIdentityRule);
const validateProfile = ruleInEnglish(validateProfileRule);

// The validation messages typed out here on purpose, typos included: a change to messages.ts must fail a test.
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
