import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from './app';
import type { Backend } from './backends';
import { auditLedgerAfterEach } from './ledger';

/** The options, or what makes them once the block's earlier hooks ran (a fake provider's URL, a database opened with a bigger pool). */
export type TestAppSetup = TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>);

/** One app for the whole describe block, or a fresh one for each of its tests. */
export type AppLifetime = 'block' | 'test';

/**
 * The app a describe block's tests call: started before them, closed after them, and the ledger
 * audited after every test, so no suite that moves money can forget the audit. Reading the app
 * outside a test (before it started, after it closed) throws.
 */
export function useTestApp(backend: Backend, setup: TestAppSetup = {}, lifetime: AppLifetime = 'block'): TestApp {
  return useStartedApp(
    async () => startTestApp(backend, typeof setup === 'function' ? await setup() : setup),
    lifetime,
  );
}

/** useTestApp for an app that `start` makes its own way (listening on a port, with partners). */
export function useStartedApp<T extends TestApp>(start: () => Promise<T>, lifetime: AppLifetime = 'block'): T {
  let started: T | undefined;
  const [before, after] = lifetime === 'block' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    started = await start();
  });
  after(async () => {
    const app = started;
    started = undefined;
    await app?.close();
  });
  auditLedgerAfterEach(() => started);
  return new Proxy({} as T, {
    get(_, field) {
      if (!started)
        throw new Error(
          `the test app is not running here: read ${String(field)} inside a test or a hook after useTestApp`,
        );
      return Reflect.get(started, field);
    },
  });
}
