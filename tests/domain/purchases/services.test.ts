import { describe, expect, it } from 'vitest';
import * as messages from '../../../core/messages';
import { SCHEDULABLE_CATEGORIES } from '../../../core/schedules';
import { SERVICES, serviceByKey } from '../../../core/services';
import { rememberBeneficiary } from '../../../src/domain/purchases/beneficiaries';
import { validatePurchase as validatePurchaseRule } from '../../../src/domain/purchases/purchaseForm';
import { ruleInEnglish } from '../../support/inEnglish';
import { beneficiaryWords, serviceTitles } from '../../../src/ui/purchases/serviceWords';

const validatePurchase = ruleInEnglish(validatePurchaseRule);

describe('services', () => {
  it('has the six service screens with their titles, exact', () => {
    expect(SERVICES.map((s) => [s.route, serviceTitles[s.key].title.message])).toEqual([
      ['/airtime', 'Airtime'],
      ['/internet', 'Internet'],
      ['/electricity', 'Electricity'],
      ['/betting', 'Bettig Account Top-up'],
      ['/cable', 'Cable TV'],
      ['/education', 'Jamb/Waec Pins'],
    ]);
  });

  it('calls POST /api/<category> and reads the providers of that category', () => {
    expect(SERVICES.map((s) => [s.key, s.category])).toEqual([
      ['airtime', 'airtime'],
      ['internet', 'data'],
      ['electricity', 'electricity-bill'],
      ['betting', 'betting'],
      ['cable', 'tv-subscription'],
      ['education', 'education'],
    ]);
  });

  it('prices internet, cable and education by plan; the others by amount', () => {
    expect(SERVICES.filter((s) => s.pricing.kind === 'plan').map((s) => s.key)).toEqual([
      'internet',
      'cable',
      'education',
    ]);
  });

  it('lets a schedule repeat every service but betting, and renew only cable TV before it is due', () => {
    expect(SCHEDULABLE_CATEGORIES).toEqual(['airtime', 'data', 'electricity-bill', 'tv-subscription', 'education']);
    expect(SERVICES.filter((s) => s.renewable).map((s) => s.key)).toEqual(['cable']);
  });

  it('names the plan field "Service" on /education, "Plan" elsewhere', () => {
    expect(SERVICES.flatMap((s) => (s.pricing.kind === 'plan' ? [[s.key, s.pricing.planLabel]] : []))).toEqual([
      ['internet', 'Plan'],
      ['cable', 'Plan'],
      ['education', 'Service'],
    ]);
  });

  it('takes every beneficiary as a number, as long as the longest the service accepts', () => {
    expect(SERVICES.map((s) => [s.key, s.beneficiary.input])).toEqual([
      ['airtime', 'phone'],
      ['internet', 'phone'],
      ['electricity', { maxDigits: 13 }],
      ['betting', { maxDigits: 20 }],
      ['cable', { maxDigits: 11 }],
      ['education', { maxDigits: 11 }],
    ]);
    for (const service of SERVICES) {
      if (service.beneficiary.input === 'phone') continue;
      const { maxDigits } = service.beneficiary.input;
      // Numbers that also read as a phone number, as education's ID can be.
      expect(service.beneficiary.normalise('0803'.padEnd(maxDigits, '1'))).not.toBeNull();
      expect(service.beneficiary.normalise('0803'.padEnd(maxDigits + 1, '1'))).toBeNull();
    }
  });

  it('verifies the merchant before paying for electricity (address), betting (username) and cable (name only)', () => {
    expect(serviceByKey('electricity').verification).toEqual({ fields: ['address'], beforePaying: true });
    expect(serviceByKey('betting').verification).toEqual({ fields: ['username'], beforePaying: true });
    expect(serviceByKey('cable').verification).toEqual({ fields: [], beforePaying: true });
    expect(SERVICES.filter((s) => s.verification?.beforePaying).map((s) => s.key)).toEqual([
      'electricity',
      'betting',
      'cable',
    ]);
    expect([serviceByKey('airtime'), serviceByKey('internet')].map((s) => s.verification)).toEqual([null, null]);
    expect(serviceByKey('education').verification).toEqual({ fields: [], beforePaying: false });
    expect(SERVICES.filter((s) => s.meterTypes).map((s) => s.key)).toEqual(['electricity']);
  });

  it('labels the beneficiary per service', () => {
    expect(SERVICES.map((s) => beneficiaryWords[s.key].label.message)).toEqual([
      'Phone number',
      'Phone number',
      'Meter number',
      'Account number',
      'Smartcard number',
      'ID number',
    ]);
  });

  it('keeps recent beneficiaries newest first with the provider used last, once each, five at most', () => {
    const entry = (beneficiary: string, provider_id = 1) => ({
      beneficiary,
      provider_id,
      provider_name: `P${provider_id}`,
    });
    const names = (list: { beneficiary: string }[]) => list.map((item) => item.beneficiary);
    expect(
      names(
        rememberBeneficiary(
          ['2', '3', '4', '5', '6'].map((b) => entry(b)),
          entry(' 1 '),
        ),
      ),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(rememberBeneficiary([entry('2'), entry('1'), entry('3')], entry('1', 2))).toEqual([
      entry('1', 2),
      entry('2'),
      entry('3'),
    ]);
    expect(rememberBeneficiary([entry('2')], entry('  '))).toEqual([entry('2')]);
  });
});

describe('validatePurchase', () => {
  const full = { providerId: '1', planId: '', beneficiary: '08031234567', amount: '500' };

  it('airtime, electricity, betting: provider, beneficiary and amount', () => {
    expect(validatePurchase(full, 'amount')).toBeNull();
    expect(validatePurchase({ ...full, amount: '1250.50' }, 'amount')).toBeNull();
    for (const missing of [
      { providerId: '' },
      { beneficiary: '  ' },
      { amount: '' },
      { amount: '0' },
      { amount: 'abc' },
      { amount: '1.234' },
    ]) {
      expect(validatePurchase({ ...full, ...missing }, 'amount')).toBe(messages.allFieldsRequired.message);
    }
  });

  it('data, cable, education: provider, beneficiary and plan; the amount is the plan’s', () => {
    const planned = { ...full, planId: '111', amount: '' };
    expect(validatePurchase(planned, 'plan')).toBeNull();
    expect(validatePurchase({ ...planned, planId: '' }, 'plan')).toBe('all fields are required');
    expect(validatePurchase({ ...planned, providerId: '' }, 'plan')).toBe('all fields are required');
  });
});
