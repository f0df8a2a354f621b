import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundingStatus, UserData } from '../../../core/contract';
import { identityMessages } from '../../../core/words/identity';
import { DojahIdentity } from '../../../server/gateways/dojahIdentity';
import { CHECKS_PER_DAY } from '../../../server/services/identity/identityChecks';
import { DOJAH_APP_ID, DOJAH_SECRET, startDojahServer } from '../../../testkit/fakes/dojahServer';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { startTestApp, type TestApp } from '../../support/api/app';
import { backends } from '../../support/api/backends';
import { userIdOf } from '../../support/api/bank';
import { useTestApp } from '../../support/api/useTestApp';

/**
 * A BVN or NIN binds to an account only with a second proof that its holder alone has: the date
 * of birth on the record, typed with the number, and the account's phone among the record's
 * phones. The attacker knows the victim's number and name (a bank form, a payslip, a leaked
 * list): with them alone they used to get a funded wallet and account numbers in the victim's
 * name, and the victim was then told "already linked to another account".
 *
 * Dojah is our fake of its documented API (testkit/fakes/dojahServer.ts), read by the real
 * adapter: the records below are what NIBSS and NIMC would answer through it.
 */

const VICTIM = { name: 'Chioma Okafor', phone: '08031112222' };
const BORN = '1991-04-12';
const BVN = '22190412001';
const NIN = '70190412002';
/** A third number of the victim's, for the test that spends its lookups. */
const GUESSED_BVN = '22190412003';
const RECORD = { first_name: 'CHIOMA', middle_name: 'ADAEZE', last_name: 'OKAFOR', date_of_birth: BORN };

const mismatch = (label: string) =>
  `the date of birth and phone number on this ${label} do not match yours: ` +
  "check your date of birth, and that your profile's phone number is registered with it";

const dojahAt = (baseUrl: string) => new DojahIdentity({ appId: DOJAH_APP_ID, secretKey: DOJAH_SECRET, baseUrl });

describe.each(backends)("a BVN or NIN binds only with its holder's date of birth and phone, on $name", (backend) => {
  let dojah: Awaited<ReturnType<typeof startDojahServer>>;
  beforeAll(async () => {
    dojah = await startDojahServer();
    // NIBSS keeps this phone in the international form, NIMC in the local one: both are the victim's.
    const bvnRecord = { ...RECORD, phone_number1: '2348031112222', phone_number2: '' };
    for (const bvn of [BVN, GUESSED_BVN]) dojah.know('bvn', bvn, bvnRecord);
    dojah.know('nin', NIN, { ...RECORD, phone_number: VICTIM.phone });
  });
  afterAll(() => dojah.close());
  const t = useTestApp(backend, () => ({ identity: dojahAt(dojah.baseUrl) }));

  const verifyForFunding = (who: SignedUp, body: Record<string, string>) =>
    t.call<FundingStatus>('/api/funding/identity', { token: who.token, body });
  const bound = (who: SignedUp) =>
    t.db
      .selectFrom('users')
      .select(['name', 'phone', 'bvn_verified_at', 'bvn_hash', 'nin_verified_at', 'nin_hash'])
      .where('email', '=', who.email)
      .executeTakeFirstOrThrow();
  const partnersAsked = async (who: SignedUp) => {
    const userId = await userIdOf(t, who.email);
    return t.db.selectFrom('partner_enrolments').select('provider').where('user_id', '=', userId).execute();
  };
  const lookups = async (who: SignedUp) => {
    const userId = await userIdOf(t, who.email);
    const counted = t.db.selectFrom('identity_checks').select((eb) => eb.fn.countAll<string>().as('n'));
    return Number((await counted.where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  };

  it("the victim's BVN and name, without the date of birth or the phone, bind nothing; the victim's do", async () => {
    const victim = await signUp(t, VICTIM);
    // Knows the number, the name and even the phone, but not the date of birth.
    const guesser = await signUp(t, VICTIM);
    const guessed = await verifyForFunding(guesser, { bvn: BVN, date_of_birth: '1990-01-01' });
    expect(guessed).toMatchObject({ status: 422, body: { type: 'error', message: mismatch('BVN') } });
    // Knows the date of birth too, but the account's phone is their own.
    const insider = await signUp(t, { name: VICTIM.name, phone: '08059998888' });
    const ownPhone = await verifyForFunding(insider, { bvn: BVN, date_of_birth: BORN });
    expect(ownPhone).toMatchObject({ status: 422, body: { type: 'error', message: mismatch('BVN') } });
    // One answer whichever half failed: a guesser learns nothing about either.
    expect(ownPhone.body).toEqual(guessed.body);
    for (const attacker of [guesser, insider]) {
      const nothing = { bvn_verified_at: null, bvn_hash: null, nin_verified_at: null, nin_hash: null };
      expect(await bound(attacker)).toMatchObject(nothing);
      expect(await partnersAsked(attacker), "no partner opened accounts in the victim's name").toEqual([]);
      expect(await lookups(attacker), 'each refused proof is a lookup counted').toBe(1);
    }
    // The victim is not told "already linked": nothing was.
    const mine = await verifyForFunding(victim, { bvn: BVN, date_of_birth: BORN });
    expect(mine.status, mine.body.message).toBe(200);
    expect(mine.body.data!.identity).toEqual({ bvn: true, nin: false });
    expect((await bound(victim)).bvn_verified_at).not.toBeNull();
    expect(await partnersAsked(victim)).not.toEqual([]);
  });

  it("through the profile: a NIN with a wrong date of birth saves nothing; the holder's binds it", async () => {
    const victim = await signUp(t, VICTIM);
    const attacker = await signUp(t, VICTIM);
    const save = (who: SignedUp, fields: Record<string, string>) => {
      const body = { device: 'web', name: 'Chioma Adaeze Okafor', phone: VICTIM.phone, ...fields };
      return t.call<UserData>('/api/update-profile', { token: who.token, body });
    };
    const before = await bound(attacker);
    const refused = await save(attacker, { nin: NIN, date_of_birth: '1991-12-04' });
    expect(refused).toMatchObject({ status: 422, body: { type: 'error', message: mismatch('NIN') } });
    expect(await bound(attacker)).toEqual(before);
    expect(await partnersAsked(attacker)).toEqual([]);
    const mine = await save(victim, { nin: NIN, date_of_birth: BORN });
    expect(mine.status, mine.body.message).toBe(200);
    const masked = `•••••••${NIN.slice(-4)}`;
    expect(mine.body.data).toMatchObject({ name: 'Chioma Adaeze Okafor', nin: masked, limits: { tier: 1 } });
  });

  it("guessing dates of birth ends at the day's lookups: the right one after them is refused too", async () => {
    const attacker = await signUp(t, VICTIM);
    const asked = dojah.requests.length;
    for (let day = 1; day <= CHECKS_PER_DAY; day++) {
      const guess = await verifyForFunding(attacker, { bvn: GUESSED_BVN, date_of_birth: `1991-04-0${day}` });
      expect(guess).toMatchObject({ status: 422, body: { message: mismatch('BVN') } });
    }
    const right = await verifyForFunding(attacker, { bvn: GUESSED_BVN, date_of_birth: BORN });
    expect(right).toMatchObject({ status: 429, body: { message: identityMessages.tooManyChecksOnAccount.message } });
    expect(dojah.requests.length - asked, 'the refused lookup never reached Dojah').toBe(CHECKS_PER_DAY);
    expect(await bound(attacker)).toMatchObject({ bvn_verified_at: null, bvn_hash: null });
  });

  it('a number without a date of birth, or with one that is no date, is refused before any lookup', async () => {
    const someone = await signUp(t, VICTIM);
    const asked = dojah.requests.length;
    const { dateOfBirthRequired, dateOfBirthInvalid } = identityMessages;
    const undated = await verifyForFunding(someone, { bvn: BVN });
    expect(undated).toMatchObject({ status: 422, body: { message: dateOfBirthRequired.message } });
    const noDate = await verifyForFunding(someone, { nin: NIN, date_of_birth: '1991-02-30' });
    expect(noDate).toMatchObject({ status: 422, body: { message: dateOfBirthInvalid.message } });
    const profile = { device: 'web', name: VICTIM.name, phone: VICTIM.phone, nin: NIN };
    const saved = await t.call('/api/update-profile', { token: someone.token, body: profile });
    expect(saved).toMatchObject({ status: 422, body: { message: dateOfBirthRequired.message } });
    expect(dojah.requests.length).toBe(asked);
    expect(await lookups(someone)).toBe(0);
  });

  it('nothing of the record, nor the date typed, reaches the log or the database', async () => {
    const lines: string[] = [];
    const logged: TestApp = await startTestApp(backend, {
      identity: dojahAt(dojah.baseUrl),
      config: { logLevel: 'trace' },
      logStream: { write: (line) => void lines.push(line) },
    });
    try {
      const victim = await signUp(logged, VICTIM);
      const verify = (dateOfBirth: string) =>
        logged.call('/api/funding/identity', { token: victim.token, body: { nin: NIN, date_of_birth: dateOfBirth } });
      expect((await verify('1991-04-13')).status).toBe(422);
      expect((await verify(BORN)).status).toBe(200);
      const log = lines.join('\n');
      for (const secret of [NIN, BORN, '1991-04-13', 'ADAEZE']) expect(log).not.toContain(secret);
      const users = await logged.db.selectFrom('users').selectAll().execute();
      const checks = await logged.db.selectFrom('identity_checks').selectAll().execute();
      const text = (_: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value);
      const stored = JSON.stringify([users, checks], text);
      for (const secret of [NIN, BORN, '19910412', 'ADAEZE']) expect(stored).not.toContain(secret);
    } finally {
      await logged.close();
    }
    // A second app on its own database: slow to start on a busy machine.
  }, 90_000);
});
