import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserData, VirtualAccount } from '../../../core/contract';
import { report, USAGE } from '../../../server/cli/report';
import { openEmbeddedDatabase } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import type { IncomingTransfer } from '../../../server/gateways/bankPartner';
import { DevOutbox } from '../../../server/gateways/devOutbox';
import { DevSms } from '../../../server/gateways/devSms';
import type { AppContext } from '../../../server/services/context';
import { creditIncomingTransfer } from '../../../server/services/funding/funding';
import { createSecretBox } from '../../../server/services/identity/secretBox';
import type { SystemAccount } from '../../../server/services/ledger/ledger';
import { SUSPENSE_ACTIONS, withoutSecrets } from '../../../server/services/funding/suspense';
import { createTokenHasher } from '../../../server/services/account/tokens';
import { signUp, type SignedUp } from '../../support/api/accounts';
import { testConfig, type TestApp } from '../../support/api/app';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';
import { chargeSuccess, createAccounts, deliver, newReference } from '../../support/api/bank';
import { systemBalance } from '../../support/api/ledger';

const POOL = 20;
const NOBODY = '0000014579';

const balanceOf = (t: TestApp, account: SystemAccount) => systemBalance(t.db, account);
const unmatchedRows = (t: TestApp, reference: string) =>
  t.db
    .selectFrom('unmatched_transfers')
    .innerJoin('incoming_transfers', 'incoming_transfers.id', 'unmatched_transfers.incoming_transfer_id')
    .selectAll()
    .where('incoming_transfers.reference', '=', reference)
    .execute();

describe.each(backends)('unmatched transfers held in suspense on $name', (backend) => {
  let owner: SignedUp;
  let accounts: VirtualAccount[];
  const t = useTestApp(backend, async () => ({
    database: backend.name === 'postgres' ? await backend.open({ max: POOL }) : undefined,
  }));
  beforeAll(async () => {
    owner = await signUp(t);
    accounts = await createAccounts(t, owner.token);
  });

  const body = (reference: string, accountNumber = NOBODY, amount = 250_000) =>
    JSON.stringify(
      chargeSuccess(t, { accountNumber, amount, reference, senderName: 'Kemi Adebayo', senderBank: 'Access Bank' }),
    );

  it('records the transfer — reference, number, amount, sender, partner, time, the body without secrets — and moves the money settlement → suspense', async () => {
    const reference = newReference();
    const [suspense, settlement] = [
      await balanceOf(t, { suspense: 'simulated' }),
      await balanceOf(t, { settlement: 'simulated' }),
    ];
    const sent = body(reference);
    expect((await deliver(t, sent)).body.data).toEqual({ status: 'unmatched', reference });

    const [row] = await unmatchedRows(t, reference);
    expect(row).toMatchObject({
      provider: 'simulated',
      reference,
      account_number: NOBODY,
      amount_kobo: 250_000n,
      sender_name: 'Kemi Adebayo',
      sender_bank: 'Access Bank',
      virtual_account_id: null,
      transaction_id: null,
      received_at: t.clock.now(),
      status: 'unmatched',
    });
    const payload = row.payload as {
      event: string;
      data: { reference: string; amount: number; authorization: Record<string, unknown> };
    };
    expect(payload).toEqual(withoutSecrets(JSON.parse(sent)));
    expect(payload.data).toMatchObject({ reference, amount: 250_000 });
    expect(payload.data.authorization.sender_name).toBe('Kemi Adebayo');
    expect(payload.data.authorization, 'the authorisation code is a credential').not.toHaveProperty(
      'authorization_code',
    );
    expect(JSON.stringify(payload)).not.toContain('AUTH_');

    expect(await balanceOf(t, { suspense: 'simulated' })).toBe(suspense + 250_000n);
    expect(await balanceOf(t, { settlement: 'simulated' })).toBe(settlement - 250_000n);
    const movement = await t.db
      .selectFrom('ledger_movements')
      .selectAll()
      .where('id', '=', row.movement_id)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ kind: 'transfer-unmatched', transaction_id: null });
  });

  it(`200 concurrent deliveries of one unmatched transfer record it once (pool of ${POOL} on PostgreSQL)`, async () => {
    const reference = newReference();
    const suspense = await balanceOf(t, { suspense: 'simulated' });
    const sent = body(reference, NOBODY, 99_900);
    const replies = await Promise.all(Array.from({ length: 200 }, () => deliver(t, sent)));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    expect(replies.filter((reply) => reply.body.data?.status === 'unmatched')).toHaveLength(1);
    expect(replies.filter((reply) => reply.body.data?.status === 'duplicate')).toHaveLength(199);
    expect(await unmatchedRows(t, reference)).toHaveLength(1);
    expect(await balanceOf(t, { suspense: 'simulated' })).toBe(suspense + 99_900n);
  });

  it('one claim per reference: a later delivery of a held reference naming a real account credits no one', async () => {
    const reference = newReference();
    await deliver(t, body(reference));
    const before = (await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance;
    expect(await deliver(t, body(reference, accounts[0].account_number))).toMatchObject({
      status: 200,
      body: { message: 'transfer already held in suspense', data: { status: 'duplicate', reference } },
    });
    expect((await t.call<UserData>('/api/get-user', { token: owner.token })).body.data!.wallet_balance).toBe(before);
  });

  it("the operator's report lists each with what to do: return to sender, match to a user, or contact the partner", async () => {
    const [stray, assignedLater, otherPartner] = [newReference(), newReference(), newReference()];
    const [laterNumber, otherNumber] = ['0000024568', '0000034567'];
    t.clock.advance(60_000);
    await deliver(t, body(stray, '0000044566', 1_000_000));
    await deliver(t, body(assignedLater, laterNumber, 50_050));
    await deliver(t, body(otherPartner, otherNumber, 70_000));
    // Since then, the first number was assigned to a user by this partner, the second is another partner's account.
    const late = await signUp(t);
    const lateUser = (
      await t.db.selectFrom('users').select('id').where('email', '=', late.email).executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('virtual_accounts')
      .values([
        {
          user_id: lateUser,
          provider: 'simulated',
          bank_name: 'Wema Bank',
          bank_code: '035',
          account_number: laterNumber,
          created_at: t.clock.now(),
        },
        {
          user_id: lateUser,
          provider: 'monnify',
          bank_name: 'Moniepoint MFB',
          bank_code: '090405',
          account_number: otherNumber,
          created_at: t.clock.now(),
        },
      ])
      .execute();

    const json = JSON.parse(await report(t.db, { name: 'unmatched', json: true })) as {
      unmatched: Record<string, unknown>[];
      total_kobo: string;
    };
    const entry = (reference: string) => json.unmatched.find((row) => row.reference === reference);
    expect(entry(stray)).toEqual({
      provider: 'simulated',
      reference: stray,
      account_number: '0000044566',
      amount_kobo: '1000000',
      amount: 10_000,
      sender_name: 'Kemi Adebayo',
      sender_bank: 'Access Bank',
      paid_at: t.clock.now().toISOString(),
      received_at: t.clock.now().toISOString(),
      status: 'unmatched',
      action: 'return-to-sender',
      action_detail: null,
    });
    expect(entry(assignedLater)).toMatchObject({ amount: 500.5, action: 'match-to-user', action_detail: late.email });
    expect(entry(otherPartner)).toMatchObject({ action: 'contact-partner', action_detail: 'monnify' });
    const total = await t.db
      .selectFrom('incoming_transfers')
      .select((eb) => eb.fn.sum<string>('amount_kobo').as('total'))
      .where('virtual_account_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(json.total_kobo).toBe(String(total.total));
    expect(BigInt(json.total_kobo)).toBe(await balanceOf(t, { suspense: 'simulated' }));
    // Oldest first.
    expect(json.unmatched.map((row) => row.received_at)).toEqual(json.unmatched.map((row) => row.received_at).sort());

    const table = await report(t.db, { name: 'unmatched', json: false });
    const lines = table.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^${json.unmatched.length} unmatched transfers held in suspense, ₦[\\d,]+\\.\\d\\d in all:$`),
    );
    expect(lines[2].split(/\s{2,}/)).toEqual([
      'received (UTC)',
      'partner',
      'reference',
      'account',
      'amount',
      'sender',
      'what to do',
    ]);
    expect(lines.find((line) => line.includes(stray))).toMatch(
      /0000044566\s+₦10,000\.00\s+Kemi Adebayo \(Access Bank\)\s+return-to-sender$/,
    );
    expect(lines.find((line) => line.includes(assignedLater))).toMatch(
      new RegExp(`₦500\\.50 .* match-to-user: ${late.email.replace(/\./g, '\\.')}$`),
    );
    expect(lines.find((line) => line.includes(otherPartner))).toMatch(/contact-partner: monnify$/);
    for (const [action, meaning] of Object.entries(SUSPENSE_ACTIONS)) expect(lines).toContain(`${action}: ${meaning}`);
  });
});

describe.each(backends)('the unmatched report of an empty suspense on $name', (backend) => {
  const t = useTestApp(backend);

  it('says nothing is held', async () => {
    expect(await report(t.db, { name: 'unmatched', json: false })).toBe(
      'No unmatched transfers: nothing is held in suspense.',
    );
    expect(JSON.parse(await report(t.db, { name: 'unmatched', json: true }))).toEqual({
      unmatched: [],
      total_kobo: '0',
    });
  });
});

describe('npm run report -- unmatched, as a child process on an embedded data folder', () => {
  const script = fileURLToPath(new URL('../../../server/cli/report.ts', import.meta.url));
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  let dataDir: string;
  const reference = `NIP${process.pid}${Date.now()}`;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'naira-report-'));
    const database = await openEmbeddedDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      await migrate(database.db);
      const transfer: IncomingTransfer = {
        reference,
        amountKobo: 1_234_500n,
        accountNumber: NOBODY,
        senderName: 'Bola Ige',
        senderBank: 'Zenith Bank',
        paidAt: null,
      };
      const config = testConfig();
      const ctx: AppContext = {
        db: database.db,
        clock: { now: () => new Date('2026-03-01T09:30:00Z') },
        hashToken: createTokenHasher(config.tokenKey),
        secrets: createSecretBox(config.pinKey),
        mailer: new DevOutbox({ print: () => {} }),
        sms: new DevSms({ print: () => {} }),
        afterCommit: (work) => work(),
        sendQueued: () => {},
        publicUrl: config.publicUrl,
        pinMaxAttempts: config.pinMaxAttempts,
        sessions: config.sessions,
        liveBankPartners: ['simulated'],
        systemAccounts: new Map(),
      };
      expect(
        await creditIncomingTransfer(ctx, 'simulated', transfer, { event: 'charge.success', data: { reference } }),
      ).toEqual({ status: 'unmatched' });
    } finally {
      await database.close();
    }
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const run = (args: string[], env: Record<string, string>) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    return promisify(execFile)(process.execPath, [tsx, script, ...args], {
      env: { ...inherited, ...env },
      timeout: 60_000,
    }).then(
      ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        stdout: error.stdout,
        stderr: error.stderr,
      }),
    );
  };

  it('prints the JSON and the table from DATA_DIR', async () => {
    const json = await run(['unmatched', '--json'], { DATA_DIR: dataDir });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      unmatched: [
        {
          provider: 'simulated',
          reference,
          account_number: NOBODY,
          amount_kobo: '1234500',
          amount: 12_345,
          sender_name: 'Bola Ige',
          sender_bank: 'Zenith Bank',
          paid_at: null,
          received_at: '2026-03-01T09:30:00.000Z',
          status: 'unmatched',
          action: 'return-to-sender',
          action_detail: null,
        },
      ],
      total_kobo: '1234500',
    });

    const table = await run(['unmatched'], { DATA_DIR: dataDir });
    expect(table.code, table.stderr).toBe(0);
    // Each column as wide as its widest cell, two spaces apart.
    const row = [
      '2026-03-01 09:30:00',
      'simulated',
      reference,
      NOBODY,
      '₦12,345.00',
      'Bola Ige (Zenith Bank)',
      'return-to-sender',
    ];
    const header = ['received (UTC)', 'partner', 'reference', 'account', 'amount', 'sender', 'what to do'];
    const widths = row.map((cell, column) => Math.max(cell.length, header[column].length));
    const line = (cells: string[]) =>
      cells
        .map((cell, column) => cell.padEnd(widths[column]))
        .join('  ')
        .trimEnd();
    expect(table.stdout).toBe(
      [
        '1 unmatched transfer held in suspense, ₦12,345.00 in all:',
        '',
        line(header),
        line(widths.map((width) => '-'.repeat(width))),
        line(row),
        '',
        `return-to-sender: ${SUSPENSE_ACTIONS['return-to-sender']}`,
        '',
      ].join('\n'),
    );
  }, 60_000);

  it('explains its usage, and a missing data folder, without touching anything', async () => {
    expect(await run(['unknown'], { DATA_DIR: dataDir })).toMatchObject({ code: 2, stderr: `${USAGE}\n` });
    const missing = join(dataDir, 'nothing-here');
    expect(await run(['unmatched'], { DATA_DIR: missing })).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`no database: ${join(missing, 'pglite')} does not exist`),
    });
  }, 60_000);
});
