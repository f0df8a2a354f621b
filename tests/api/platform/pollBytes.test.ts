import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../../server/services/ledger/ledgerAudit';
import {
  hourOfPolls,
  POLL_BYTES_TARGET,
  POLLED_CALLS,
  POLLS_AN_HOUR,
  startPollServer,
  type PollServer,
} from '../../../server/cli/pollBytes';

/**
 * `npm run poll-bytes`, held to its target: an hour of an open dashboard's polls, on the real
 * server over a socket, the clock moved a minute at a time (the tool runs on PGlite only: what
 * crosses the wire does not depend on the database).
 */
describe('what an open dashboard costs in an hour', () => {
  let server: PollServer;
  beforeAll(async () => {
    server = await startPollServer();
  });
  afterAll(() => server.close());
  // The demo account was funded through the ledger when the server started.
  afterEach(async () => expect(await auditLedger(server.db)).toEqual([]));

  it('is at most the target asked as the app asks: one answer of each call, then 304s', async () => {
    const hour = await hourOfPolls(server, 'now');
    expect(hour.bytes).toBeLessThanOrEqual(POLL_BYTES_TARGET);
    for (const call of hour.calls) {
      expect(call.statuses, call.path).toEqual({ 200: 1, 304: POLLS_AN_HOUR - 1 });
      expect(call.laterBytes, call.path).toBeLessThan(300);
    }
    expect(hour.calls.map((call) => call.path)).toEqual([...POLLED_CALLS]);
  });
});
