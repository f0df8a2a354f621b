import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../../support/api/backends';
import { freePort } from '../../../testkit/freePort';
import {
  PRODUCTION_IDENTITY,
  PRODUCTION_SMS,
  productionRails,
  productionSecrets,
  START_TIMEOUT_MS,
  startServer,
  storage,
  waitUntilListening,
} from '../../support/api/serverProcess';

const SECRETS = productionSecrets();

describe.each(backends)('a start with no mode chosen, on $name', ({ name: backend }) => {
  let place: Awaited<ReturnType<typeof storage>>;
  // Empty: the first server here that listens is a fresh production start, and migrates it.
  beforeAll(async () => {
    place = await storage(backend, { fresh: true });
  });
  afterAll(() => place.remove());

  it(
    'refuses to start without real secrets, naming every missing one in one message',
    async () => {
      const started = startServer({ ...place.env, PORT: String(await freePort()) });
      expect(await started.exit).toBe(1);
      const output = started.output();
      expect(output).toContain('Naira Wallet cannot start: invalid configuration:');
      const providers = { ...PRODUCTION_IDENTITY, ...PRODUCTION_SMS };
      for (const name of Object.keys(SECRETS).filter((name) => !(name in providers)))
        expect(output).toContain(`${name} must be set in production`);
      expect(output).toContain('IDENTITY must be set to a real provider (dojah) in production');
      expect(output).toContain('SMS must be set to a real provider (termii');
      expect(output).toContain('BANK_PARTNERS must list only real bank partners in production');
      expect(output).toContain('BILLER must be set to a real biller in production');
      expect(output).toContain('This is a production start: APP_MODE is not `development`');
      expect(output).not.toContain('running at');
    },
    START_TIMEOUT_MS,
  );

  it.each([
    ['unset', {}],
    ['simulated', { BANK_PARTNERS: 'simulated', BILLER: 'simulated' }],
  ])(
    'refuses the simulated bank partner and biller (%s), naming them, even with every secret real',
    async (_case, rails) => {
      const started = startServer({ ...place.env, ...SECRETS, ...rails, PORT: String(await freePort()) });
      expect(await started.exit).toBe(1);
      const output = started.output();
      expect(output).toMatch(
        /BANK_PARTNERS must list only real bank partners in production \(monnify, paystack, with their keys\)/,
      );
      expect(output).toMatch(/BILLER must be set to a real biller in production \(vtpass, with its three keys\)/);
      expect(output).not.toContain('running at');
    },
    START_TIMEOUT_MS,
  );

  it(
    'refuses the development keys even when every other secret is real',
    async () => {
      const developmentKey = (label: string) =>
        createHash('sha256').update(`naira-wallet development ${label}`).digest('hex');
      const started = startServer({
        ...place.env,
        ...SECRETS,
        PORT: String(await freePort()),
        TOKEN_KEY: developmentKey('token key'),
        BANK_WEBHOOK_SECRET: developmentKey('bank webhook secret'),
      });
      expect(await started.exit).toBe(1);
      expect(started.output()).toMatch(
        /TOKEN_KEY must not be the development key: it is public[\s\S]*BANK_WEBHOOK_SECRET must not be the development key: it is public/,
      );
    },
    START_TIMEOUT_MS,
  );

  it(
    'starts with every real secret and real rails, and mounts no /dev/* path',
    async () => {
      const port = await freePort();
      const rails = await productionRails();
      const started = startServer({
        ...place.env,
        ...SECRETS,
        ...rails.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        STATIC_DIR: '/nonexistent',
        LOG_LEVEL: 'info',
      });
      try {
        await waitUntilListening(started, port);
        expect(started.output()).toContain('in production mode');
        // Structured: every line a production server writes is one JSON object.
        const lines = started.output().trim().split('\n');
        expect(lines.filter((line) => !/^\{.*\}$/.test(line) || typeof JSON.parse(line) !== 'object')).toEqual([]);
        expect(started.output()).not.toMatch(/demo account|development mailbox|simulated bank transfer/);
        const base = `http://127.0.0.1:${port}`;
        const mailbox = await fetch(`${base}/dev/mailbox?to=demo@nairawallet.test`);
        expect(mailbox.status).toBe(404);
        const transfer = await fetch(`${base}/dev/bank/transfer`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ account_number: '0123456789', amount: 10_000_000 }),
        });
        expect(transfer.status).toBe(404);
        expect(transfer.headers.get('strict-transport-security')).toContain('max-age=31536000');
        // No demo account either: its published password opens nothing.
        const login = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ device: 'web', email: 'demo@nairawallet.test', password: 'Demo-pass-2026' }),
        });
        expect(login.status).toBe(401);
      } finally {
        started.stop();
      }
      expect(await started.exit).toBe(0);
      await rails.close();
    },
    2 * START_TIMEOUT_MS,
  );

  // The attack: a staging .env deployed as production, its test keys accepted without a word.
  it(
    "refuses the sandboxes' test keys, and with STAGING=yes starts against them and says so",
    async () => {
      const rails = await productionRails('test');
      try {
        const refused = startServer({ ...place.env, ...SECRETS, ...rails.env, PORT: String(await freePort()) });
        expect(await refused.exit).toBe(1);
        expect(refused.output()).toContain('MONNIFY_API_KEY must be a live key (MK_PROD_…) in production, not a test');
        expect(refused.output()).toContain('or set STAGING=yes for a production-like start against the sandboxes');

        const port = await freePort();
        const listening = { PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' };
        const staging = startServer({ ...place.env, ...SECRETS, ...rails.env, STAGING: 'yes', ...listening });
        try {
          await waitUntilListening(staging, port);
          const banner = JSON.parse(
            staging
              .output()
              .split('\n')
              .find((line) => line.includes('running at'))!,
          );
          expect(banner.msg).toContain("in staging mode (STAGING=yes: production against the providers' sandboxes");
          expect(banner.msg).toContain('never with real customers)');
          expect((await fetch(`http://127.0.0.1:${port}/dev/mailbox?to=demo@nairawallet.test`)).status).toBe(404);
        } finally {
          staging.stop();
        }
        expect(await staging.exit).toBe(0);
      } finally {
        await rails.close();
      }
    },
    3 * START_TIMEOUT_MS,
  );
});

// The attack on the operator: a container started without DATABASE_URL ran on the embedded
// database (one process, an unencrypted file on its disk) and said nothing.
describe('a production start without DATABASE_URL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = (await storage('pglite', { fresh: true })).dataDir;
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it(
    'refuses the embedded database, saying what to set; EMBEDDED_DATABASE=yes runs on it and says so',
    async () => {
      const rails = await productionRails();
      try {
        const refused = startServer({ ...SECRETS, ...rails.env, DATA_DIR: dataDir, PORT: String(await freePort()) });
        expect(await refused.exit).toBe(1);
        expect(refused.output()).toContain('DATABASE_URL must be set in production (a PostgreSQL server, postgres://');
        expect(refused.output()).toContain('To run on it knowingly, set EMBEDDED_DATABASE=yes');
        expect(await readdir(dataDir)).toEqual([]);

        const port = await freePort();
        const listening = { PORT: String(port), HOST: '127.0.0.1', STATIC_DIR: '/nonexistent' };
        const knowingly = { DATA_DIR: dataDir, EMBEDDED_DATABASE: 'yes' };
        const embedded = startServer({ ...SECRETS, ...rails.env, ...listening, ...knowingly });
        try {
          await waitUntilListening(embedded, port);
          const banner = JSON.parse(
            embedded
              .output()
              .split('\n')
              .find((line) => line.includes('running at'))!,
          );
          const accepted = '(EMBEDDED_DATABASE=yes: one process, an unencrypted file)';
          expect(banner.details).toContain(`database: embedded PGlite in ${dataDir} ${accepted}`);
        } finally {
          embedded.stop();
        }
        expect(await embedded.exit).toBe(0);
      } finally {
        await rails.close();
      }
    },
    3 * START_TIMEOUT_MS,
  );
});
