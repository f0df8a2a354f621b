import {
  InsertQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FundingStatus, UserData, VirtualAccount } from '../../../core/contract';
import { fundingMessages, identityMessages } from '../../../core/words/identity';
import type { BankCustomer, EnrolmentStep, IdentityProof } from '../../../server/gateways/bankPartner';
import { GatewayError } from '../../../server/errors';
import { SIMULATED_BANKS, SimulatedBank } from '../../../server/gateways/simulatedBank';
import { isValidNuban, nuban } from '../../../server/services/funding/nuban';
import { identityNumber, signUp, type SignedUp } from '../../support/api/accounts';
import { testConfig } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { userIdOf } from '../../support/api/bank';
import { SIMULATED_DATE_OF_BIRTH } from '../../../server/gateways/simulatedIdentity';
import { english } from '../../support/api/english';

/**
 * The simulated partner, counting the requests it receives and what it was given; it can be made
 * to fail, and held: a held call stays inside the partner until released, so that racing calls
 * overlap there.
 */
class HeldBank extends SimulatedBank {
  calls = 0;
  failing = false;
  proofs: IdentityProof[] = [];
  #held: Promise<void> = Promise.resolve();

  /** Holds every call from now on inside the partner; the answer releases them. */
  hold(): () => void {
    let release!: () => void;
    this.#held = new Promise((resolve) => (release = resolve));
    return () => {
      this.#held = Promise.resolve();
      release();
    };
  }

  async enrol(customer: BankCustomer, proof: IdentityProof): Promise<EnrolmentStep> {
    this.calls += 1;
    this.proofs.push(proof);
    await this.#held;
    if (this.failing) throw new GatewayError('the bank partner is unavailable');
    return super.enrol(customer, proof);
  }
}

/** Counts the app's attempts to claim a user's call to the partner: a caller that finds it taken tries again until it is released. */
class ClaimAttempts implements KyselyPlugin {
  count = 0;

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (InsertQueryNode.is(node) && node.into?.table.identifier.name === 'virtual_account_claims') this.count += 1;
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

const POOL = 20;

/**
 * Identity first: a user's dedicated accounts are opened when a BVN or NIN is verified
 * (POST /api/funding/identity, or the profile), the number handed to the partner in that
 * request only; create-accounts answers them and refuses a user with no verified identity.
 */
describe.each(backends)('funding accounts, identity first, on $name', (backend) => {
  const bank = new HeldBank({ webhookSecret: testConfig().bankWebhookSecret });
  const claims = new ClaimAttempts();
  const t = useTestApp(backend, async () => {
    const database = await backend.open(backend.name === 'postgres' ? { max: POOL } : undefined);
    return { bank, database: { ...database, db: database.db.withPlugin(claims) } };
  });

  const create = (token: string) => t.call<VirtualAccount[]>('/api/create-accounts', { token });
  const status = async (token: string) => (await t.call<FundingStatus>('/api/funding', { token })).body.data!;
  // Every simulated holder was born on SIMULATED_DATE_OF_BIRTH.
  const verify = (account: SignedUp, body: Record<string, string> = { nin: identityNumber() }) => {
    const proven = { date_of_birth: SIMULATED_DATE_OF_BIRTH, ...body };
    return t.call<FundingStatus>('/api/funding/identity', { token: account.token, body: proven });
  };

  it('a user with no verified identity gets no account: create-accounts says why and what to do, and no partner is asked', async () => {
    const account = await signUp(t);
    const calls = bank.calls;
    expect(await create(account.token)).toMatchObject({
      status: 403,
      body: { type: 'error', message: identityMessages.identityRequired.message },
    });
    expect(await status(account.token)).toEqual({
      identity: { bvn: false, nin: false },
      accounts: [],
      partners: [],
      card: null,
      card_payments: [],
    });
    expect(bank.calls).toBe(calls);
  });

  it('a NIN verified on /funding opens a valid NUBAN at Wema Bank and Sterling Bank, named after the holder, with the number handed to the partner', async () => {
    const account = await signUp(t, { name: 'Chioma Okafor' });
    const nin = identityNumber();
    const reply = await verify(account, { nin: nin });
    expect(reply).toMatchObject({ status: 200, body: { type: 'success', message: 'identity verified' } });
    const { accounts, partners, identity } = reply.body.data!;
    expect(identity).toEqual({ bvn: false, nin: true });
    expect(accounts.map((a) => [a.bank_name, a.account_name])).toEqual([
      ['Wema Bank', 'NAIRA WALLET/CHIOMA OKAFOR'],
      ['Sterling Bank', 'NAIRA WALLET/CHIOMA OKAFOR'],
    ]);
    expect(partners).toEqual([
      {
        partner: 'Simulated bank',
        status: 'ready',
        message: english(fundingMessages.ready, { partner: 'Simulated bank' }),
        needs: [],
      },
    ]);
    expect(bank.proofs.at(-1)).toEqual({ nin });
    const rows = await t.db
      .selectFrom('virtual_accounts')
      .selectAll()
      .where('user_id', '=', await userIdOf(t, account.email))
      .orderBy('id')
      .execute();
    for (const row of rows) expect(isValidNuban(row.bank_code, row.account_number), row.account_number).toBe(true);
    // Nothing of the number is kept but its last four digits and keyed hash.
    expect(
      JSON.stringify(await t.db.selectFrom('partner_enrolments').selectAll().execute(), (_, value: unknown) =>
        typeof value === 'bigint' ? String(value) : value,
      ),
    ).not.toContain(nin);

    const calls = bank.calls;
    expect((await create(account.token)).body.data).toEqual(accounts);
    expect(bank.calls, 'create-accounts asks no partner').toBe(calls);
    const user = await t.call<UserData>('/api/get-user', { token: account.token });
    expect(user.body.data!.accounts).toEqual(accounts);
  });

  it('racing verifications store one set of accounts, and every answer lists it', { timeout: 90_000 }, async () => {
    const account = await signUp(t);
    const nin = identityNumber();
    const release = bank.hold();
    const attempts = claims.count;
    // Four: each is a lookup, and an account has five a day.
    const racing = Promise.all(Array.from({ length: 4 }, () => verify(account, { nin: nin })));
    try {
      // Each has tried to claim the call while the first one's is held inside the partner.
      await expect.poll(() => claims.count - attempts, { timeout: 60_000 }).toBeGreaterThanOrEqual(4);
    } finally {
      // Never left held: the file's later tests call the same partner.
      release();
    }
    const replies = await racing;
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    const userId = await userIdOf(t, account.email);
    const stored = await t.db
      .selectFrom('virtual_accounts')
      .select('account_number')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(stored).toHaveLength(2);
    expect((await create(account.token)).body.data!.map((a) => a.account_number)).toEqual(
      stored.map((s) => s.account_number),
    );
    expect(
      await t.db.selectFrom('virtual_account_claims').selectAll().where('user_id', '=', userId).execute(),
      'no claim left behind',
    ).toEqual([]);
  });

  it('a partner that is down does not fail the verification: the identity is kept, /funding asks for the number again, which then opens the accounts', async () => {
    const account = await signUp(t);
    const nin = identityNumber();
    bank.failing = true;
    try {
      const reply = await verify(account, { nin: nin });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toMatchObject({
        identity: { nin: true },
        accounts: [],
        partners: [
          { status: 'needs-identity', message: english(fundingMessages.partnerDown, { partner: 'Simulated bank' }) },
        ],
      });
    } finally {
      bank.failing = false;
    }
    expect(await create(account.token)).toMatchObject({ status: 200, body: { data: [] } });
    // Another number is not the one verified: checked against its keyed hash, no lookup.
    expect(await verify(account, { nin: identityNumber() })).toMatchObject({
      status: 409,
      body: { message: english(identityMessages.notTheVerifiedNumber, { kind: 'NIN' }) },
    });
    const again = await verify(account, { nin: nin });
    expect(again.body.data!.accounts).toHaveLength(2);
    expect(again.body.data!.partners[0].status).toBe('ready');
  });

  it("a verification waits for another replica's call to the partner, then takes its turn", async () => {
    const account = await signUp(t);
    const userId = await userIdOf(t, account.email);
    await t.db
      .insertInto('virtual_account_claims')
      .values({ user_id: userId, provider: bank.provider, claimed_at: t.clock.now() })
      .execute();
    const attempts = claims.count;
    const waiting = verify(account);
    const calls = bank.calls;
    // It found the claim taken, waited, and tried again.
    await expect.poll(() => claims.count - attempts, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    // The other replica stores what the partner assigned, then releases its claim.
    const number = nuban('035', '123456789');
    await t.db
      .insertInto('virtual_accounts')
      .values({
        user_id: userId,
        provider: bank.provider,
        bank_name: 'Wema Bank',
        bank_code: '035',
        account_number: number,
        created_at: t.clock.now(),
      })
      .execute();
    expect(bank.calls, 'not while the other replica calls').toBe(calls);
    await t.db.deleteFrom('virtual_account_claims').where('user_id', '=', userId).execute();
    const accounts = (await waiting).body.data!.accounts;
    // The first stored account at a bank is the account.
    expect(accounts.find((a) => a.bank_name === 'Wema Bank')!.account_number).toBe(number);
    expect(accounts).toHaveLength(2);
  });

  it('takes over the claim of a caller that died mid-request once its lease is over', async () => {
    const account = await signUp(t);
    const userId = await userIdOf(t, account.email);
    await t.db
      .insertInto('virtual_account_claims')
      .values({ user_id: userId, provider: bank.provider, claimed_at: t.clock.now() })
      .execute();
    t.clock.advance(2 * 60_000 + 1);
    expect((await verify(account)).body.data!.accounts).toHaveLength(2);
    expect(await t.db.selectFrom('virtual_account_claims').selectAll().where('user_id', '=', userId).execute()).toEqual(
      [],
    );
  });

  it('gives different users different accounts', async () => {
    const [a, b] = [await signUp(t), await signUp(t)];
    const [first, second] = [(await verify(a)).body.data!.accounts, (await verify(b)).body.data!.accounts];
    expect(new Set([...first, ...second].map((x) => x.account_number)).size).toBe(4);
  });

  it('a BVN verified on the profile opens the accounts too, and login lists them', async () => {
    const account = await signUp(t);
    const bvn = identityNumber();
    const { name, phone } = account;
    const body = { device: 'web', name, phone, bvn, date_of_birth: SIMULATED_DATE_OF_BIRTH };
    const reply = await t.call<UserData>('/api/update-profile', { token: account.token, body });
    expect(reply.body.data!.accounts.map((a) => a.bank_name)).toEqual(SIMULATED_BANKS.map((b) => b.bankName));
    expect(bank.proofs.at(-1)).toEqual({ bvn });
    const login = await t.call<UserData>('/api/login', {
      body: { device: 'web', email: account.email, password: account.password },
    });
    expect(login.body.data!.accounts).toEqual(reply.body.data!.accounts);
  });

  it('refuses a bank account with a NIN, half a bank account, and any of it without a session', async () => {
    const account = await signUp(t);
    expect(
      await verify(account, { nin: identityNumber(), bank_code: '058', bank_account_number: '0123456789' }),
    ).toMatchObject({
      status: 422,
      body: { message: identityMessages.bankAccountNeedsBvn.message },
    });
    expect(await verify(account, { bvn: identityNumber(), bank_code: '058' })).toMatchObject({
      status: 422,
      body: { message: identityMessages.bankAccountIncomplete.message },
    });
    expect(await verify(account, { bvn: '123' })).toMatchObject({ status: 422 });
    expect((await t.call('/api/create-accounts')).status).toBe(401);
    expect((await t.call('/api/funding')).status).toBe(401);
    expect((await t.call('/api/funding/identity', { body: { nin: identityNumber() } })).status).toBe(401);
  });
});
