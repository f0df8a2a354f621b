import type { AddressInfo } from 'node:net';
import type { Clock } from '../../../server/clock';
import type { BankPartner, PartnerOptions } from '../../../server/gateways/bankPartner';
import { webhookPathOf } from '../../../server/routes/webhooks';
import type { Backend } from './backends';
import { ManualClock } from './manualClock';
import { startTestApp, type TestApp, type TestAppOptions } from './app';
import { useStartedApp } from './useTestApp';

/** Every line the adapters log, kept to check that no secret or personal datum is among them. */
export class RecordingLog {
  lines: string[] = [];
  info(obj: object, msg: string) {
    this.lines.push(JSON.stringify({ level: 'info', msg, ...obj }));
  }
  warn(obj: object, msg: string) {
    this.lines.push(JSON.stringify({ level: 'warn', msg, ...obj }));
  }
  text() {
    return this.lines.join('\n');
  }
}

/** How long a partner's breaker stays open once it opened: a test moves the clock past it. */
export const COOL_DOWN_MS = 300;

/** How long a partner's call may take: on a test's clock, it times out when the test moves the clock past it. */
export const TIMEOUT_MS = 400;

/** The attempts of an idempotent call (providerHttp.ts: the first and two retries). */
export const ATTEMPTS = 3;

/**
 * A quick breaker, read on `clock` (the app's): a test closes it by moving the clock, never by
 * waiting. On a ManualClock the calls time out on it too (once the test moves it past
 * TIMEOUT_MS) and are retried at once (the backoff is providerHttp.test.ts's to prove); the
 * system clock's suites keep the client's own timers.
 */
export const partnerOptions = (log: RecordingLog, clock: Clock): PartnerOptions => ({
  log,
  timeoutMs: TIMEOUT_MS,
  failureThreshold: 3,
  coolDownMs: COOL_DOWN_MS,
  now: () => clock.now().getTime(),
  ...(clock instanceof ManualClock ? { timeouts: clock, retryDelayMs: 0 } : {}),
});

/**
 * A partner gone silent, without waiting for it: each attempt of a call, held by the fake
 * (`holdAnswers()`), times out as the clock moves past TIMEOUT_MS once the fake says it holds it.
 */
export async function timeOutAttempts(
  fake: { held(): Promise<void> },
  clock: ManualClock,
  attempts = ATTEMPTS,
): Promise<void> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await fake.held();
    clock.advance(TIMEOUT_MS);
  }
}

export type ListeningApp = TestApp & { webhookUrl(provider: string): string };

/** The app with these partners, listening on 127.0.0.1 so a fake provider can deliver its webhooks over HTTP. */
export async function startListeningApp(
  backend: Backend,
  banks: BankPartner[],
  options: TestAppOptions = {},
): Promise<ListeningApp> {
  const t = await startTestApp(backend, { ...options, banks });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { webhookUrl: (provider: string) => `http://127.0.0.1:${port}${webhookPathOf(provider)}` });
}

/** useTestApp for a listening app: `setup` names its partners once the block's fakes are up. */
export function useListeningApp(
  backend: Backend,
  setup: () => TestAppOptions & { banks: BankPartner[] },
): ListeningApp {
  return useStartedApp(() => {
    const { banks, ...options } = setup();
    return startListeningApp(backend, banks, options);
  });
}
