import { describe, expect, it } from 'vitest';
import { providerForNetwork, suggestNetwork, toLocalPhone } from '../../../core/phone';

describe('suggestNetwork', () => {
  it.each([
    ['08031234567', 'MTN'],
    ['07025123456', 'MTN'],
    ['09161234567', 'MTN'],
    ['08021234567', 'Airtel'],
    ['0912', 'Airtel'],
    ['08051234567', 'Glo'],
    ['09151234567', 'Glo'],
    ['08091234567', '9mobile'],
    ['0818', '9mobile'],
  ])('%s → %s', (phone, network) => {
    expect(suggestNetwork(phone)).toBe(network);
  });

  it('reads the international forms and ignores spacing', () => {
    expect(suggestNetwork('+2348031234567')).toBe('MTN');
    expect(suggestNetwork('2348021234567')).toBe('Airtel');
    expect(suggestNetwork('+234 805 123 4567')).toBe('Glo');
    expect(suggestNetwork('0809-123-4567')).toBe('9mobile');
    expect(toLocalPhone('+234 803 123 4567')).toBe('08031234567');
  });

  it('says nothing before four digits or for an unknown prefix', () => {
    expect(suggestNetwork('')).toBeNull();
    expect(suggestNetwork('080')).toBeNull();
    expect(suggestNetwork('0800 123 4567')).toBeNull();
    expect(suggestNetwork('0702 9')).toBeNull();
    expect(suggestNetwork('12345678')).toBeNull();
  });
});

describe('providerForNetwork', () => {
  const providers = [
    { id: 1, name: 'MTN Data' },
    { id: 2, name: 'Airtel' },
    { id: 3, name: '9mobile' },
    { id: 4, name: 'Glo-Data' },
  ];
  it('finds the provider named after the network', () => {
    expect(providerForNetwork(providers, 'MTN')?.id).toBe(1);
    expect(providerForNetwork(providers, 'Airtel')?.id).toBe(2);
    expect(providerForNetwork(providers, '9mobile')?.id).toBe(3);
    expect(providerForNetwork(providers, 'Glo')?.id).toBe(4);
    expect(providerForNetwork(providers, null)).toBeUndefined();
    expect(providerForNetwork([{ id: 9, name: 'MTNX' }], 'MTN')).toBeUndefined();
  });
});
