import { describe, expect, it } from 'vitest';
import {
  validateIdentity as validateIdentityRule,
  validateProfile as validateProfileRule,
  type ProfileForm,
} from '../../../src/domain/kit/identityForms';
import { validateCardAmount } from '../../../src/domain/wallet/cardAmount';
import { say, speak } from '../../../src/ui/kit/language';
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
    expect(validateIdentity({ ...form, bvn_or_nin: ' ' })).toBe('please type your BVN');
    expect(validateIdentity({ ...form, kind: 'nin', bvn_or_nin: '123' })).toBe('your NIN has 11 digits');
    const undated = validateIdentity({ ...form, date_of_birth: ' ' });
    expect(undated).toBe('please enter your date of birth, as on your BVN or NIN');
    const noDate = validateIdentity({ ...form, date_of_birth: '1990-13-01' });
    expect(noDate).toBe('please enter your date of birth as a real date: day, month and year');
    expect(validateIdentity({ ...form, bank_code: '058' })).toBe(
      'choose your bank and type your 10-digit account number, or leave both empty',
    );
    expect(validateIdentity({ ...form, bank_account_number: '0123456789' })).toBe(
      'choose your bank and type your 10-digit account number, or leave both empty',
    );
    expect(validateIdentity({ ...form, kind: 'nin', bank_code: '058', bank_account_number: '0123456789' })).toBe(
      'a bank account is only used with a BVN: Paystack matches the two',
    );
  });

  it("is said in the reader's language, the number's name and the amounts kept", async () => {
    await speak('yo');
    try {
      expect(say(validateIdentityRule({ ...form, bvn_or_nin: '' })!)).toBe('jọ̀wọ́ tẹ BVN rẹ');
      expect(say(validateIdentityRule({ ...form, kind: 'nin', bvn_or_nin: '123' })!)).toBe('NIN rẹ ní díjíìtì 11');
      expect(say(validateCardAmount('5', { min: 100, max: 500_000 })!)).toBe(
        'tẹ iye kan láàárín ₦100.00 àti ₦500,000.00',
      );
    } finally {
      await speak('en');
    }
  });
});
