import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData } from '../../../core/contract';
import { loadConfig } from '../../../server/config';
import { GatewayError } from '../../../server/errors';
import { DOJAH_TIMEOUT_MS, DojahIdentity } from '../../../server/gateways/dojahIdentity';
import { SIMULATED_DATE_OF_BIRTH as BORN, SimulatedIdentity } from '../../../server/gateways/simulatedIdentity';
import { identityMessages } from '../../../core/words/identity';
import {
  holderProven,
  identityProofMismatch as proofMismatch,
  namesMatch,
} from '../../../server/services/identity/identity';
import { CHECKS_PER_DAY } from '../../../server/services/identity/identityChecks';
import { DOJAH_APP_ID, DOJAH_DEFAULT_RECORD, DOJAH_SECRET, startDojahServer } from '../../../testkit/fakes/dojahServer';
import { identityNumber, signUp, type SignedUp } from '../../support/api/accounts';
import { startTestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { ManualClock } from '../../support/api/manualClock';

describe('namesMatch', () => {
  it.each([
    ['Chioma Adaeze Okafor', { firstName: 'Chioma', middleName: 'Adaeze', lastName: 'Okafor' }, true],
    ['Okafor Chioma', { firstName: 'CHIOMA', middleName: '', lastName: 'OKAFOR' }, true],
    ['Adaeze Okafor', { firstName: 'Chioma', middleName: 'Adaeze', lastName: 'Okafor' }, true],
    ['Ọlá Adébáyọ̀', { firstName: 'Ola', middleName: '', lastName: 'Adebayo' }, true],
    ['Chioma Okafor', { firstName: 'Ngozi', middleName: '', lastName: 'Eze' }, false],
    ['Chioma Eze', { firstName: 'Ngozi', middleName: '', lastName: 'Eze' }, false],
    ['Chioma', { firstName: 'Chioma', middleName: '', lastName: 'Okafor' }, false],
  ])('%s against %o: %s', (name, holder, expected) => {
    expect(namesMatch(name, holder)).toBe(expected);
  });
});

describe('holderProven: the second proof beside the name', () => {
  const names = { firstName: 'Ada', middleName: '', lastName: 'Obi' };
  const record = { ...names, dateOfBirth: '1991-04-12', phones: ['2348031234567'] };
  it.each([
    ['the date typed and a phone of the record, in any written form', '08031234567', '1991-04-12', true],
    ['another date', '08031234567', '1991-12-04', false],
    ['another phone', '08031234568', '1991-04-12', false],
    ['no date', '08031234567', '', false],
  ])('%s: %s', (_case, phone, dateOfBirth, expected) => {
    expect(holderProven(record, { phone }, dateOfBirth)).toBe(expected);
  });
  it('a record without a date of birth or a phone proves nothing', () => {
    expect(holderProven({ ...record, dateOfBirth: '' }, { phone: '08031234567' }, '')).toBe(false);
    expect(holderProven({ ...record, phones: [] }, { phone: '08031234567' }, '1991-04-12')).toBe(false);
  });
});

describe('SimulatedIdentity (docs/development.md, "Identity checks")', () => {
  const simulated = new SimulatedIdentity();
  const ada = { name: 'Ada Obi', phone: '08031234567' };
  const born = { dateOfBirth: BORN, phones: ['08031234567'] };
  it("answers by the last three digits; all born on one date, with the account's phone but …222", async () => {
    expect(await simulated.lookUp({ kind: 'bvn', number: '22123456000', ...ada })).toBeNull();
    const someoneElse = await simulated.lookUp({ kind: 'nin', number: '22123456111', ...ada });
    expect(someoneElse).toEqual({ firstName: 'Ngozi', middleName: '', lastName: 'Eze', ...born });
    const otherPhone = await simulated.lookUp({ kind: 'nin', number: '22123456222', ...ada });
    expect(otherPhone).toMatchObject({ firstName: 'Ada', lastName: 'Obi', phones: ['08000000222'] });
    await expect(simulated.lookUp({ kind: 'bvn', number: '22123456999', ...ada })).rejects.toBeInstanceOf(GatewayError);
    const holder = await simulated.lookUp({ kind: 'bvn', number: '22123456789', ...ada, name: 'Ada Nneka Obi' });
    expect(holder).toEqual({ firstName: 'Ada', middleName: 'Nneka', lastName: 'Obi', ...born });
  });
});

describe('DojahIdentity against a Dojah stand-in', () => {
  let dojah: Awaited<ReturnType<typeof startDojahServer>>;
  let adapter: DojahIdentity;
  beforeAll(async () => {
    dojah = await startDojahServer();
    adapter = new DojahIdentity({ appId: DOJAH_APP_ID, secretKey: DOJAH_SECRET, baseUrl: dojah.baseUrl });
  });
  afterAll(() => dojah.close());

  const ada = { name: 'Ada Obi', phone: '08031234567' };
  const john = { name: 'John Doe', phone: '' };
  const caught = (error: unknown) => error;

  it('looks a BVN up with the AppId header and the bare secret key: names, birth date, phones', async () => {
    const names = { first_name: 'CHIOMA', middle_name: 'ADAEZE', last_name: 'OKAFOR' };
    const phones = { phone_number1: '08012345678', phone_number2: '2348098765432' };
    dojah.know('bvn', '22345678901', { ...names, date_of_birth: '1997-05-16', ...phones });
    const query = { kind: 'bvn', number: '22345678901', name: 'Chioma Okafor', phone: '08012345678' } as const;
    expect(await adapter.lookUp(query)).toEqual({
      firstName: 'CHIOMA',
      middleName: 'ADAEZE',
      lastName: 'OKAFOR',
      dateOfBirth: '1997-05-16',
      phones: ['08012345678', '2348098765432'],
    });
    expect(dojah.requests.at(-1)).toEqual({
      path: '/api/v1/kyc/bvn/full',
      query: { bvn: '22345678901' },
      appId: DOJAH_APP_ID,
      authorization: DOJAH_SECRET,
    });
  });

  it('looks a NIN up: its one phone; a blank secondary BVN phone is no phone', async () => {
    const record = { first_name: 'John', last_name: 'Doe', date_of_birth: '1982-01-01', phone_number: '08012345678' };
    dojah.know('nin', '70123456789', record);
    expect(await adapter.lookUp({ kind: 'nin', number: '70123456789', ...john })).toEqual({
      firstName: 'John',
      middleName: '',
      lastName: 'Doe',
      dateOfBirth: '1982-01-01',
      phones: ['08012345678'],
    });
    expect(dojah.requests.at(-1)).toMatchObject({ path: '/api/v1/kyc/nin', query: { nin: '70123456789' } });
    dojah.know('bvn', '22345678902', { first_name: 'John', last_name: 'Doe' });
    const phones = (await adapter.lookUp({ kind: 'bvn', number: '22345678902', ...ada }))?.phones;
    expect(phones).toEqual([DOJAH_DEFAULT_RECORD.phone_number1]);
  });

  it.each([
    ['28-Jun-2000', '2000-06-28'],
    ['01-January-1907', '1907-01-01'],
    ['1997-02-30', ''],
    ['30-Feb-1997', ''],
    ['06/28/2000', ''],
    ['', ''],
  ])('reads a date of birth Dojah writes %s as %s (no date: nothing to match)', async (written, read) => {
    dojah.know('bvn', '22345678903', { first_name: 'Ada', last_name: 'Obi', date_of_birth: written });
    expect((await adapter.lookUp({ kind: 'bvn', number: '22345678903', ...ada }))?.dateOfBirth).toBe(read);
  });

  it('an unknown number is null; a server error or wrong keys are a GatewayError that names no number', async () => {
    expect(await adapter.lookUp({ kind: 'bvn', number: '22300000000', ...ada })).toBeNull();
    dojah.know('bvn', '22399999999', 'explode');
    const failure = await adapter.lookUp({ kind: 'bvn', number: '22399999999', ...ada }).catch(caught);
    expect(failure).toBeInstanceOf(GatewayError);
    expect(
      JSON.stringify(failure, Object.getOwnPropertyNames(failure)) + String((failure as Error).cause),
    ).not.toContain('22399999999');
    const wrongKey = new DojahIdentity({ appId: DOJAH_APP_ID, secretKey: 'not-the-key', baseUrl: dojah.baseUrl });
    await expect(wrongKey.lookUp({ kind: 'nin', number: '70123456789', ...john })).rejects.toBeInstanceOf(GatewayError);
  });

  it('a Dojah that does not answer in time is a GatewayError, on the timeouts it is given', async () => {
    const clock = new ManualClock();
    const timed = new DojahIdentity({
      appId: DOJAH_APP_ID,
      secretKey: DOJAH_SECRET,
      baseUrl: dojah.baseUrl,
      timeouts: clock,
    });
    dojah.know('nin', '70123456789', { first_name: 'John', last_name: 'Doe' });
    dojah.holdAnswers();
    const looked = timed.lookUp({ kind: 'nin', number: '70123456789', ...john }).catch(caught);
    // Dojah has the lookup and holds it: the timeout passes when the clock is moved past it.
    await dojah.held();
    clock.advance(DOJAH_TIMEOUT_MS);
    const failure = (await looked) as GatewayError;
    expect(failure).toBeInstanceOf(GatewayError);
    expect(String(failure.cause)).toBe('Error: dojah nin lookup failed: TimeoutError');
    dojah.releaseAnswers();
  });

  it('an unreachable host is a GatewayError whose cause names no number', async () => {
    const closed = new DojahIdentity({ appId: DOJAH_APP_ID, secretKey: DOJAH_SECRET, baseUrl: 'http://127.0.0.1:9' });
    const failure = (await closed.lookUp({ kind: 'bvn', number: '22345678901', ...ada }).catch(caught)) as GatewayError;
    expect(failure).toBeInstanceOf(GatewayError);
    expect(String(failure.cause)).not.toContain('22345678901');
  });
});

describe('IDENTITY configuration', () => {
  it('defaults to the simulated provider in development; dojah needs both keys; production refuses the simulated one', () => {
    expect(loadConfig({ APP_MODE: 'development' }).config.identity).toEqual({ provider: 'simulated' });
    expect(() => loadConfig({ APP_MODE: 'development', IDENTITY: 'dojah' })).toThrow(
      /DOJAH_APP_ID must be set when IDENTITY is dojah[\s\S]*DOJAH_SECRET_KEY must be set/,
    );
    expect(
      loadConfig({ APP_MODE: 'development', IDENTITY: 'dojah', DOJAH_APP_ID: 'a', DOJAH_SECRET_KEY: 'secret-key-1' })
        .config.identity,
    ).toEqual({
      provider: 'dojah',
      appId: 'a',
      secretKey: 'secret-key-1',
      // Development calls the sandbox unless told otherwise; production, the live API (config.test.ts).
      baseUrl: 'https://sandbox.dojah.io',
    });
    expect(() => loadConfig({})).toThrow(/IDENTITY must be set to a real provider \(dojah\) in production/);
  });
});

/** The profile's NIN and BVN, verified through the app with each simulated outcome. */
describe.each(backends)('identity verification through /api/update-profile on $name', (backend) => {
  let account: SignedUp;
  const t = useTestApp(backend);
  beforeAll(async () => {
    account = await signUp(t, { name: 'Chioma Okafor' });
  });

  // Every simulated holder was born on one date: the account's holder types it with a number.
  const update = (fields: Record<string, string>, token = account.token) => {
    const body = { device: 'web', name: 'Chioma Okafor', phone: '08031234567', date_of_birth: BORN, ...fields };
    return t.call<UserData>('/api/update-profile', { token, body });
  };
  const row = (who = account) =>
    t.db.selectFrom('users').selectAll().where('email', '=', who.email).executeTakeFirstOrThrow();

  it.each([
    ['an unknown BVN (…000)', { bvn: '22123456000' }, 422, 'we could not find this BVN, please check the number'],
    [
      'a NIN of someone else (…111)',
      { nin: '12345678111' },
      422,
      'the name on this NIN does not match the name on your profile; correct your name and try again',
    ],
    [
      'a provider that is down (…999)',
      { bvn: '22123456999' },
      503,
      'the identity service is not available right now, please try again in a few minutes',
    ],
    ['a NIN whose record has another phone (…222)', { nin: '12345678222' }, 422, proofMismatch('nin')],
    ['a BVN with another birth date', { bvn: '22123456785', date_of_birth: '1990-01-02' }, 422, proofMismatch('bvn')],
  ])('%s is refused and nothing of the form is saved', async (_case, fields, status, message) => {
    // An account of its own: each refusal is one of the day's lookups.
    const person = await signUp(t, { name: 'Chioma Okafor' });
    const before = await row(person);
    const reply = await update({ ...fields, name: 'Chioma N. Okafor' }, person.token);
    expect(reply).toMatchObject({ status, body: { type: 'error', message } });
    expect(await row(person)).toEqual(before);
  });

  it('a verified BVN is kept as its last four digits and a keyed hash; the same BVN cannot verify another account', async () => {
    const bvn = identityNumber();
    const reply = await update({ bvn });
    expect(reply.body.data).toMatchObject({
      bvn: `•••••••${bvn.slice(-4)}`,
      nin: '',
      limits: { tier: 1, can_fund: true },
    });
    const stored = await row();
    expect(stored.bvn_last4).toBe(bvn.slice(-4));
    expect(Buffer.from(stored.bvn_hash!).toString('hex')).not.toContain(Buffer.from(bvn).toString('hex'));
    // Sent again, it is already on file: nothing changes.
    expect((await update({ bvn })).status).toBe(200);
    expect((await row()).bvn_verified_at).toEqual(stored.bvn_verified_at);
    // Another number is a change for support.
    expect(await update({ bvn: identityNumber() })).toMatchObject({
      status: 409,
      body: { message: 'your BVN is already verified; contact support to change it' },
    });
    const other = await signUp(t, { name: 'Chioma Okafor' });
    expect(await update({ bvn }, other.token)).toMatchObject({
      status: 409,
      body: { message: 'this BVN is already linked to another account' },
    });
  });

  it('two accounts racing with one NIN: one verifies it', async () => {
    const nin = identityNumber();
    const [a, b] = [await signUp(t, { name: 'Chioma Okafor' }), await signUp(t, { name: 'Chioma Okafor' })];
    const replies = await Promise.all([update({ nin }, a.token), update({ nin }, b.token)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 409]);
  });

  it('once a number is verified, the name it matched is frozen: another name is refused, the same one written otherwise is kept as verified', async () => {
    const person = await signUp(t, { name: 'Chioma Okafor' });
    expect((await update({ nin: identityNumber() }, person.token)).status).toBe(200);
    expect(await update({ name: 'Chioma Adaeze Okafor' }, person.token)).toMatchObject({
      status: 409,
      body: { message: identityMessages.nameFrozen.message },
    });
    const same = await update({ name: '  chioma   OKAFOR ', phone: '08099998888' }, person.token);
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ name: 'Chioma Okafor', phone: '08099998888' });
  });

  it('lookups are limited per account and per number, a day', async () => {
    const person = await signUp(t, { name: 'Chioma Okafor' });
    for (let i = 0; i < CHECKS_PER_DAY; i++)
      expect((await update({ bvn: `2212345${String(i).padStart(1, '0')}000` }, person.token)).status).toBe(422);
    expect(await update({ bvn: '22123459000' }, person.token)).toMatchObject({
      status: 429,
      body: { message: identityMessages.tooManyChecksOnAccount.message },
    });
    // Tomorrow the account may try again (its session has ended meanwhile: it logs in).
    t.clock.advance(24 * 60 * 60_000 + 1);
    const again = await t.call<UserData>('/api/login', {
      body: { device: 'web', email: person.email, password: person.password },
    });
    expect((await update({ bvn: '22123459000' }, again.body.data!.token)).status).toBe(422);
    // One number tried from many accounts: the number is refused, whoever asks.
    const number = '33123456000';
    for (let i = 0; i < CHECKS_PER_DAY; i++)
      expect((await update({ nin: number }, (await signUp(t, { name: 'Chioma Okafor' })).token)).status).toBe(422);
    expect(await update({ nin: number }, (await signUp(t, { name: 'Chioma Okafor' })).token)).toMatchObject({
      status: 429,
      body: { message: identityMessages.tooManyChecksOfNumber.message },
    });
  });

  it('"already linked to another account" is told only once name, birth date and phone proved the number', async () => {
    const born = { dateOfBirth: '1991-04-12', phones: ['08031234567'] };
    const holders = new Map([['22100000123', { firstName: 'Chioma', middleName: '', lastName: 'Okafor', ...born }]]);
    const known = await startTestApp(backend, {
      identity: { name: 'known', lookUp: async ({ number }) => holders.get(number) ?? null },
    });
    try {
      const owner = await signUp(known, { name: 'Chioma Okafor' });
      const stranger = await signUp(known, { name: 'Emeka Obi' });
      const namesake = await signUp(known, { name: 'Chioma Okafor' });
      const verify = (who: SignedUp, dateOfBirth = born.dateOfBirth) =>
        known.call('/api/update-profile', {
          token: who.token,
          body: { device: 'web', name: who.name, phone: who.phone, bvn: '22100000123', date_of_birth: dateOfBirth },
        });
      expect((await verify(owner)).status).toBe(200);
      // A stranger learns only that the number is not theirs, as for any number of someone else.
      expect(await verify(stranger)).toMatchObject({
        status: 422,
        body: {
          message: 'the name on this BVN does not match the name on your profile; correct your name and try again',
        },
      });
      // A namesake learns nothing more without the date of birth; the holder's second account is told.
      const guessed = await verify(namesake, '1991-04-13');
      expect(guessed).toMatchObject({ status: 422, body: { message: proofMismatch('bvn') } });
      expect(await verify(namesake)).toMatchObject({
        status: 409,
        body: { message: 'this BVN is already linked to another account' },
      });
    } finally {
      await known.close();
    }
  });

  it('no identity number reaches the log', async () => {
    const lines: string[] = [];
    const logged = await startTestApp(backend, {
      config: { logLevel: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const person = await signUp(logged, { name: 'Chioma Okafor' });
      const bvn = identityNumber();
      const numbers = { bvn, nin: '12345678999', date_of_birth: BORN };
      const body = { device: 'web', name: 'Chioma Okafor', phone: '08031234567', ...numbers };
      await logged.call('/api/update-profile', { token: person.token, body });
      expect(lines.join('\n')).not.toContain(bvn);
      expect(lines.join('\n')).not.toContain('12345678999');
    } finally {
      await logged.close();
    }
    // A second app on its own database: slow to start on a busy machine.
  }, 90_000);
});
