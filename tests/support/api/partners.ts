import type { AddressInfo } from 'node:net';
import type { Clock } from '../../../server/clock';
import type { BankPartner, PartnerOptions } from '../../../server/gateways/bankPartner';
import { webhookPathOf } from '../../../server/routes/webhooks';
import type { Backend } from './backends';
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

/**
 * Short timeouts and a quick breaker, so the outage tests take a second, not a minute. The
 * breaker reads `clock` (the app's): a test closes it by moving the clock, never by waiting.
 */
export const partnerOptions = (log: RecordingLog, clock: Clock): PartnerOptions => ({
  log,
  timeoutMs: 400,
  failureThreshold: 3,
  coolDownMs: COOL_DOWN_MS,
  now: () => clock.now().getTime(),
});

export type ListeningApp = TestApp & { webhookUrl(provider: string): string };

/** The app with these partners, listening on 127.0.0.1 so a fake provider can deliver its webhooks over HTTP. */
export async function startListeningApp(backend: Backend, banks: BankPartner[], options: TestAppOptions = {}): Promise<ListeningApp> {
  const t = await startTestApp(backend, { ...options, banks });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { webhookUrl: (provider: string) => `http://127.0.0.1:${port}${webhookPathOf(provider)}` });
}

/** useTestApp for a listening app: `setup` names its partners once the block's fakes are up. */
export function useListeningApp(backend: Backend, setup: () => TestAppOptions & { banks: BankPartner[] }): ListeningApp {
  return useStartedApp(() => {
    const { banks, ...options } = setup();
    return startListeningApp(backend, banks, options);
  });
}
