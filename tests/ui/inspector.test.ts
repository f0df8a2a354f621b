import { describe, expect, it } from 'vitest';
import { maskEvent, maskInput, maskSecrets } from '../../src/ui/app/inspector';

/** What the Stately inspector is shown must never hold a pin, a code or a password (issue 8). */
describe('the inspector’s masking', () => {
  it('masks every payload of an event whose type names a secret, whatever the field is called', () => {
    expect(maskEvent({ type: 'pin.change', values: ['2', '5', '8', '0'] })).toEqual({ type: 'pin.change', values: '•••' });
    expect(maskEvent({ type: 'pin.accepted', pin: '2580' })).toEqual({ type: 'pin.accepted', pin: '•••' });
    expect(maskEvent({ type: 'resetPin.otp', otp: ['4', '8', '1', '5'] })).toEqual({ type: 'resetPin.otp', otp: '•••' });
    expect(maskEvent({ type: 'resetPin.password', password: 'Harmattan-2026!' })).toEqual({ type: 'resetPin.password', password: '•••' });
    expect(maskEvent({ type: 'resetPin.pins', pins: '39153915'.split('') })).toEqual({ type: 'resetPin.pins', pins: '•••' });
  });

  it('masks secret-looking fields of any other event, and leaves the rest readable', () => {
    expect(maskEvent({ type: 'session.login', data: { email: 'ada@example.com', token: 't-1', pin: 'set' } })).toEqual({
      type: 'session.login',
      data: { email: 'ada@example.com', token: '•••', pin: '•••' },
    });
    expect(maskEvent({ type: 'form.amount', value: '500' })).toEqual({ type: 'form.amount', value: '500' });
  });

  it('masks the request an actor was started with (the purchase’s pin) and the secrets of a context', () => {
    const purchase = { type: '@xstate.snapshot', snapshot: { status: 'active', input: { category: 'airtime', body: { beneficiary: '08031234567', pin: '2580' } } } };
    expect(maskInput(purchase)).toEqual({
      type: '@xstate.snapshot',
      snapshot: { status: 'active', input: { category: 'airtime', body: { beneficiary: '08031234567', pin: '•••' } } },
    });
    expect(maskInput({ type: '@xstate.event', event: { type: 'x' } })).toEqual({ type: '@xstate.event', event: { type: 'x' } });
    expect(maskSecrets({ form: { otp: ['4', '8', '1', '5'], password: 'p', pins: ['3'] }, from: '/airtime' })).toEqual({
      form: { otp: '•••', password: '•••', pins: '•••' },
      from: '/airtime',
    });
  });
});
