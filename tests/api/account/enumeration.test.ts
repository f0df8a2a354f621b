import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { newPerson, registerBody, signUp } from '../../support/api/accounts';
import { useTestApp } from '../../support/api/useTestApp';
import { backends } from '../../support/api/backends';

/** Every statement the app sends, by its kind and, for raw SQL, its text: what a request writes, and how. */
class StatementRecorder implements KyselyPlugin {
  statements: string[] = [];

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    const text = node.kind === 'RawNode' ? node.sqlFragments.join('?').replace(/\s+/g, ' ') : '';
    this.statements.push(`${node.kind}${text ? `: ${text}` : ''}`);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];

describe.each(backends)('account enumeration on $name', (backend) => {
  const recorder = new StatementRecorder();
  const t = useTestApp(backend, async () => {
    const database = await backend.open();
    return { database: { ...database, db: database.db.withPlugin(recorder) } };
  });

  const forgot = (email: string) => t.call('/api/forgot', { body: { device: 'web', email, token: 'dev-ok:forgot' } });

  /** The statements one /forgot sends, and how long its answer took. */
  async function timedForgot(email: string): Promise<{ statements: string[]; ms: number }> {
    recorder.statements = [];
    const started = process.hrtime.bigint();
    const reply = await forgot(email);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(reply.status).toBe(200);
    return { statements: recorder.statements, ms };
  }

  // The attack: /forgot answered the same words for every address, but a known one took a row
  // lock and three more statements in a transaction (and a commit that waits for the disk), an
  // unknown one a single read: the answer's time told which addresses have accounts.
  it('answers a known and an unknown e-mail with the same statements and no difference in time (200 tries each)', async () => {
    const known = await signUp(t);
    // An address no account has, asked about as often as the known one.
    const unknown = newPerson().email;
    // Warm-up: the first request of a process prunes old requests once.
    await forgot(newPerson().email);
    const knownRuns: { statements: string[]; ms: number }[] = [];
    const unknownRuns: { statements: string[]; ms: number }[] = [];
    for (let i = 0; i < 200; i++) {
      // Interleaved, so that the machine's load falls on both alike. An hour passes before each
      // try: the known address stays under its hourly cap of links, and both kinds find the
      // same hourly housekeeping to do.
      t.clock.advance(61 * 60_000);
      knownRuns.push(await timedForgot(known.email));
      t.clock.advance(61 * 60_000);
      unknownRuns.push(await timedForgot(unknown));
    }
    // Every try of both kinds sent the same statements, in the same order.
    const shapes = new Set([...knownRuns, ...unknownRuns].map((run) => run.statements.join('\n')));
    expect([...shapes]).toHaveLength(1);

    const knownMs = knownRuns.map((run) => run.ms);
    const unknownMs = unknownRuns.map((run) => run.ms);
    const figures = {
      known: { p50: median(knownMs).toFixed(2), p90: percentile(knownMs, 0.9).toFixed(2) },
      unknown: { p50: median(unknownMs).toFixed(2), p90: percentile(unknownMs, 0.9).toFixed(2) },
    };
    console.log(
      `/forgot on ${backend.name}, 200 tries each (ms): known ${JSON.stringify(figures.known)}, unknown ${JSON.stringify(figures.unknown)}`,
    );
    // No difference a test can see: the medians within a quarter of each other (the machine is
    // shared; the statements above are the exact proof, this the measured one).
    const [a, b] = [median(knownMs), median(unknownMs)];
    expect(Math.abs(a - b)).toBeLessThanOrEqual(0.25 * Math.max(a, b) + 0.2);
    // Every try of the known address but those past the hourly cap mailed a link.
    expect(
      t.outbox.list(known.email).filter((mail) => mail.subject === 'Reset your Naira Wallet password').length,
    ).toBe(200);
  }, 120_000);

  // Register signs the new user in, so it cannot answer a taken address like a free one. The
  // captcha (one solve per try) and the per-address limit keep probing slow, and the owner hears of it.
  it('refuses a taken e-mail and tells its owner, at most once a day, without changing the account', async () => {
    const owner = await signUp(t);
    const attempt = () =>
      t.call('/api/register', { body: registerBody({ ...newPerson(), email: owner.email.toUpperCase() }) });
    const notices = () =>
      t.outbox.list(owner.email).filter((mail) => mail.subject === 'Someone tried to sign up with your e-mail address');
    expect(await attempt()).toMatchObject({
      status: 409,
      body: { type: 'error', message: 'an account with this email already exists, please log in' },
    });
    expect(notices()).toHaveLength(1);
    expect(notices()[0].text).toContain('nothing was created and nothing changed');
    expect((await attempt()).status).toBe(409);
    expect(notices()).toHaveLength(1);
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await attempt()).status).toBe(409);
    expect(notices()).toHaveLength(2);
    // The owner's password still opens the account.
    expect(
      (await t.call('/api/login', { body: { device: 'web', email: owner.email, password: owner.password } })).status,
    ).toBe(200);
  });
});
