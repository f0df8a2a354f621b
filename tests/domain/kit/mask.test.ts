import { describe, expect, it } from 'vitest';
import { maskId, visibleDigits } from '../../../src/domain/kit/mask';

describe('maskId', () => {
  it('shows only the last four digits of a BVN or NIN', () => {
    expect(maskId('22212345678')).toBe('•••••••5678');
    expect(maskId(' 12345678901 ')).toBe('•••••••8901');
    expect(visibleDigits('22212345678')).toBe('5678');
  });

  it('hides a value too short to keep anything else hidden', () => {
    expect(maskId('1234')).toBe('••••');
    expect(visibleDigits('1234')).toBe('');
    expect(maskId('12345')).toBe('•2345');
    expect(maskId('')).toBe('');
  });
});
