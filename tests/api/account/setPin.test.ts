import { describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import * as messages from '../../../core/messages';
import { signUp, signUpVerified } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

describe.each(backends)('POST /api/set-pin with a session on $name', (backend) => {
  const t = useTestApp(backend);

  const setPin = (token: string | undefined, body: unknown) => t.call<UserData>('/api/set-pin', { token, body });

  it('sets the first pin and answers the user fields with the same token', async () => {
    const account = await signUpVerified(t);
    const reply = await setPin(account.token, { pin: '4826', confirm_pin: '4826' });
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('pin set successfully');
    expect(reply.body.data).toMatchObject({ pin: 'set', token: account.token });
    const row = await t.db
      .selectFrom('users')
      .select('pin_sealed')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(row.pin_sealed).toMatch(/^v1\./);
    expect(row.pin_sealed).not.toContain('4826');
  });

  it('refuses to replace a pin with 409', async () => {
    const account = await signUpVerified(t);
    await setPin(account.token, { pin: '4826', confirm_pin: '4826' });
    const again = await setPin(account.token, { pin: '5937', confirm_pin: '5937' });
    expect(again).toMatchObject({ status: 409, body: { type: 'error', message: 'pin already set, use change pin' } });
  });

  it('requires a verified e-mail (403)', async () => {
    const account = await signUp(t);
    const reply = await setPin(account.token, { pin: '4826', confirm_pin: '4826' });
    expect(reply).toMatchObject({
      status: 403,
      body: { type: 'error', message: 'please verify your email before setting a pin' },
    });
  });

  it.each([
    ['a missing pin', { confirm_pin: '4826' }, messages.allFormFieldsRequired.message],
    ['an empty confirmation', { pin: '4826', confirm_pin: '' }, messages.allFormFieldsRequired.message],
    ['three digits', { pin: '482', confirm_pin: '482' }, 'pin must be exactly 4 digits'],
    ['letters', { pin: 'abcd', confirm_pin: 'abcd' }, 'pin must be exactly 4 digits'],
    ['a number', { pin: 4826, confirm_pin: 4826 }, 'pin must be text'],
    ['a different confirmation', { pin: '4826', confirm_pin: '4827' }, 'pin and confirm pin do not match'],
  ])('answers %s with 422', async (_case, body, message) => {
    const account = await signUpVerified(t);
    expect(await setPin(account.token, body)).toMatchObject({ status: 422, body: { type: 'error', message } });
  });

  it.each(['0000', '1111', '9999', '1234', '4321', '0123', '1212', '1122', '2000', '6789'])(
    'refuses the guessable pin %s',
    async (pin) => {
      const account = await signUpVerified(t);
      expect(await setPin(account.token, { pin, confirm_pin: pin })).toMatchObject({
        status: 422,
        body: { type: 'error', message: 'this pin is too easy to guess, please choose a different one' },
      });
    },
  );

  it('allows 2580, the demo pin', async () => {
    const account = await signUpVerified(t);
    expect((await setPin(account.token, { pin: '2580', confirm_pin: '2580' })).status).toBe(200);
  });

  it('answers an unknown bearer with 401 containing "authorization"', async () => {
    for (const token of [undefined, 'A'.repeat(43)]) {
      const reply = await setPin(token, { pin: '4826', confirm_pin: '4826' });
      expect(reply.status).toBe(401);
      expect(reply.body.message).toMatch(/authorization/);
    }
  });
});
