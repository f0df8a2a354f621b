import type { FastifyInstance } from 'fastify';
import { completeDemoAccount, DEMO_ACCOUNT, seedDemoAccountIfEmpty } from './db/demoAccount';
import type { BankPartner } from './gateways/bankPartner';
import { DevOutbox } from './gateways/devOutbox';
import { DevSms } from './gateways/devSms';
import type { Mailer } from './gateways/mailer';
import type { SmsSender } from './gateways/sms';
import type { SimulatedBank } from './gateways/simulatedBank';
import { startPeriodic, type PeriodicJob } from './jobs/periodic';
import { runDueSchedules } from './jobs/schedules';
import { registerDevRoutes } from './routes/dev';
import { registerDevCheckout } from './routes/devCheckout';
import type { AppContext } from './services/context';
import type { ScheduleDeps } from './services/schedules/running';

/** What development's conveniences reach: the server's own services, never stand-ins of their own. */
export interface DevelopmentDeps {
  ctx: AppContext;
  mailer: Mailer;
  sms: SmsSender;
  banks: readonly BankPartner[];
  schedules: ScheduleDeps;
  /** The demo account's job, when one runs (seedDemoAccount). */
  demoJob?: PeriodicJob;
}

/**
 * Development's routes (/dev/*: the mailbox, the texts, the simulated bank transfer, the movable clock) and
 * the simulated partner's checkout page; production registers neither, so /dev/* is 404 there.
 */
export function registerDevelopment(app: FastifyInstance, deps: DevelopmentDeps) {
  const { ctx, mailer, sms, banks, schedules, demoJob } = deps;
  // Moving the clock makes what became due at once, as the next job runs would: the demo
  // account's next try (its partners' breakers read the same clock), then the schedules.
  const clockMoved = async () => {
    // A run already under way began before the move: the second one starts after it.
    await demoJob?.run();
    await demoJob?.run();
    return runDueSchedules(ctx, schedules, {}, app.log);
  };
  const outbox = mailer instanceof DevOutbox ? mailer : undefined;
  const texts = sms instanceof DevSms ? sms : undefined;
  registerDevRoutes(app, { outbox, texts, ctx, banks, clock: ctx.clock, clockMoved });
  const simulated = banks.find((bank) => bank.provider === 'simulated');
  if (simulated) registerDevCheckout(app, simulated as SimulatedBank);
}

/** How long a start waits for the demo account's partners before serving anyway (the demo job finishes it). */
const DEMO_START_WAIT_MS = 5_000;
/** The demo job's interval; moving the development clock (POST /dev/clock) runs it at once too. */
const DEMO_RETRY_MS = 15_000;

/**
 * Development: the demo account, created on the first start of an empty database, then brought
 * to what docs/development.md, "The demo account" promises by its partners (services/enrolment.ts).
 * A partner that refuses or is down never stops the start: the first try is waited for a few
 * seconds at most, and until the account is complete a job tries again. Returns that job, if one
 * was started, so that moving the development clock can run it at once.
 */
export async function seedDemoAccount(
  app: FastifyInstance,
  ctx: AppContext,
  banks: readonly BankPartner[],
  runJobs: boolean,
): Promise<PeriodicJob | undefined> {
  if (await seedDemoAccountIfEmpty(ctx)) app.log.info(`demo account created: ${DEMO_ACCOUNT.email}`);
  const complete = () =>
    completeDemoAccount(ctx, banks).catch((error: unknown) => {
      app.log.warn({ err: error }, 'demo account: its partners could not complete it yet');
      return false;
    });
  let wait: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => (wait = setTimeout(() => resolve(false), DEMO_START_WAIT_MS).unref()));
  const done = await Promise.race([complete(), timeUp]);
  clearTimeout(wait);
  if (done || !runJobs) return undefined;
  app.log.warn('demo account: its accounts or funding are not ready yet; trying again every 15 s');
  let finished = false;
  const job: PeriodicJob = startPeriodic(
    async () => {
      if (finished || !(await complete())) return;
      finished = true;
      app.log.info('demo account: complete');
      void job.stop();
    },
    DEMO_RETRY_MS,
    { log: app.log, message: 'demo account job failed' },
  );
  app.addHook('onClose', async () => job.stop());
  return job;
}
