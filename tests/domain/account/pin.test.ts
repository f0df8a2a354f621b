import { describe, expect, it } from 'vitest';
import { forgotPinPath, returnPath } from '../../../src/domain/app/routes';
import { pinMarker, toSessionUser } from '../../../src/domain/account/user';
import { validateResetPin as validateResetPinRule, type ResetPinForm } from '../../../src/domain/account/accountForms';
import { ruleInEnglish } from '../../support/inEnglish';

const validateResetPin = ruleInEnglish(validateResetPinRule);

describe('pinMarker', () => {
  it('keeps whether a pin is set, never the pin', () => {
    expect(pinMarker('set')).toBe('set');
    expect(pinMarker('')).toBe('');
    expect(pinMarker(null)).toBe('');
    expect(pinMarker(undefined)).toBe('');
    // What older builds stored and older servers answered: the pin itself.
    expect(pinMarker('2580')).toBe('set');
    expect(pinMarker(2580)).toBe('set');
    expect(toSessionUser({ pin: '4826' as unknown as 'set' }).pin).toBe('set');
  });
});

describe('forgotPinPath and returnPath', () => {
  it('come back to the screen that offered "Forgot pin?"', () => {
    expect(forgotPinPath('/airtime')).toBe('/reset-pin?from=%2Fairtime');
    expect(returnPath(new URLSearchParams(forgotPinPath('/pin').split('?')[1]).get('from'))).toBe('/pin');
  });

  it('follow a path of this app, and nothing else', () => {
    expect(returnPath('/airtime')).toBe('/airtime');
    for (const elsewhere of [
      null,
      undefined,
      '',
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/reset-pin',
      '/reset-pin/?from=/x',
    ]) {
      expect(returnPath(elsewhere)).toBe('/dashboard');
    }
  });
});

describe('validateResetPin', () => {
  const complete: ResetPinForm = { otp: ['4', '8', '1', '5'], password: 'Harmattan-2026!', pins: '39153915'.split('') };

  it('passes a complete form: the code, the password and the match are the server’s to check', () => {
    expect(validateResetPin(complete)).toBeNull();
    expect(validateResetPin({ ...complete, pins: '39153916'.split('') })).toBeNull();
  });

  it.each([
    ['a box of the code', { otp: ['4', '8', '1', ''] }],
    ['the password', { password: '  ' }],
    ['a box of the confirmation', { pins: [...'3915391'.split(''), ''] }],
  ])('requires %s, with the message of set-pin and change-pin', (_, missing) => {
    expect(validateResetPin({ ...complete, ...missing })).toBe('all form fields are required');
  });
});
