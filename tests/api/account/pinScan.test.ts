import { beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPin } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

/** The response scan of support/pinScan.ts is not a no-op: pins planted in responses are caught. */
describe.each(backends)('the response scan for transaction pins on $name', (backend) => {
  let planted: unknown;
  const t = useTestApp(backend);
  beforeAll(async () => {
    // A route that answers whatever the test plants, registered before the app's first request.
    t.app.get('/test/planted', async () => ({ type: 'success', message: 'planted', data: planted }));
    t.app.post('/test/echo', async (request) => ({ type: 'success', message: 'echoed', data: request.body }));
  });

  const plant = (data: unknown) => {
    planted = data;
    return t.call('/test/planted', { method: 'GET' });
  };

  it('catches the pin of a user the helpers created, under any name, and a pin field that is not the marker', async () => {
    const account = await signUpWithPin(t, '5937');
    expect(t.pinScan.pins).toContain('5937');
    await expect(plant({ ...account.user, pin: '5937' })).rejects.toThrow(
      /GET \/test\/planted: body\.data\.pin is "5937", not a marker/,
    );
    await expect(plant({ note: 'yours', echo: ['5937'] })).rejects.toThrow(/body\.data\.echo\[0\] is the pin "5937"/);
    await expect(plant({ user: { pin: 5937 } })).rejects.toThrow(/body\.data\.user\.pin is 5937, not a marker/);
    await expect(plant({ pin: 'a3f9c0de' })).rejects.toThrow(/body\.data\.pin is "a3f9c0de", not a marker/);
  });

  it("catches the demo account's pin without any request having sent it", async () => {
    await expect(plant({ hint: '2580' })).rejects.toThrow(/body\.data\.hint is the pin "2580"/);
  });

  it('catches a response that did not come through t.call when the app closes', async () => {
    planted = { pin: '2580' };
    expect((await t.app.inject({ method: 'GET', url: '/test/planted' })).statusCode).toBe(200);
    expect(() => t.pinScan.assertClean()).toThrow(/a response held a transaction pin/);
  });

  it('lets a request\'s own value come back to it, even when it is a pin: a person named "2580" is answered their name', async () => {
    expect((await t.call('/test/echo', { body: { name: '2580' } })).status).toBe(200);
    // Sent in a pin field, it is still a pin: answered back, it is caught.
    await expect(t.call('/test/echo', { body: { pin: '2580' } })).rejects.toThrow(
      /body\.data\.pin is "2580", not a marker/,
    );
  });

  it('lets the marker and digit runs that merely contain a pin through', async () => {
    expect((await plant({ pin: 'set', display_value: '5937-1234-2580-0000-1111', token: 'x2580' })).status).toBe(200);
    expect((await plant({ pin: '' })).status).toBe(200);
  });
});
