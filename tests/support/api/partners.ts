import type { AddressInfo } from 'node:net';
import type { BankPartner, PartnerOptions } from '../../../server/gateways/bankPartner';
import { webhookPathOf } from '../../../server/routes/webhooks';
import type { Backend } from './backends';
import { startTestApp, type TestApp, type TestAppOptions } from './app';

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

/** Short timeouts and a quick breaker, so the outage tests take a second, not a minute. */
export const partnerOptions = (log: RecordingLog): PartnerOptions => ({ log, timeoutMs: 400, failureThreshold: 3, coolDownMs: 300 });

/** The app with these partners, listening on 127.0.0.1 so a fake provider can deliver its webhooks over HTTP. */
export async function startListeningApp(backend: Backend, banks: BankPartner[], options: TestAppOptions = {}): Promise<TestApp & { webhookUrl(provider: string): string }> {
  const t = await startTestApp(backend, { ...options, banks });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return Object.assign(t, { webhookUrl: (provider: string) => `http://127.0.0.1:${port}${webhookPathOf(provider)}` });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
