import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Envelope, StatementDownloadRequest, StatementRequest, StatementSummary } from '../../core/contract';
import { ApiError } from '../../src/api/http';
import { rangeProblem, statementsMachine, type StatementsEvent } from '../../src/machines/statements';
import { createActorTestModel, createTransitionCoverage, deferredActor, effectLog, errorToast, itWalkedEveryTransition, keyApart, leaves, pathTitle, successToast } from '../support/flowHarness';

const TODAY = '2026-11-22';
/** The last 30 days, today included. */
const DEFAULT_FROM = '2026-10-24';

const totals = (request: StatementRequest): Envelope<StatementSummary> => ({
  type: 'success',
  message: 'statement summary fetched successfully',
  data: { ...request, opening_balance: 1000, total_credits: 450.25, total_debits: 350.5, closing_balance: 1099.75, entries: 4 },
});
const FILE = 'naira-wallet-statement.pdf';

const model = createActorTestModel(statementsMachine, [
  { type: 'statement.from', value: '2026-11-01' },
  // After the end date: refused before asking.
  { type: 'statement.from', value: '2026-11-30' },
  // After today: refused before asking.
  { type: 'statement.to', value: '2026-11-25' },
  // Each run answers the dates it asked for (below); the traversal's answer only moves the state.
  { type: 'xstate.done.actor.summary', output: totals({ from: DEFAULT_FROM, to: TODAY }) },
  { type: 'xstate.error.actor.summary', error: 'the statement cannot end after today' },
  { type: 'statement.download', format: 'pdf' },
  { type: 'statement.download', format: 'csv' },
  { type: 'xstate.done.actor.download', output: FILE },
  { type: 'xstate.error.actor.download', error: 'Something went wrong. Check your connection and try again.' },
]);
const coverage = createTransitionCoverage(statementsMachine);

/** Each date is changed at most once from its default; a person trying every date in turn adds nothing but paths. */
const once = (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  (event.type !== 'statement.from' || snapshot.context.from === DEFAULT_FROM) && (event.type !== 'statement.to' || snapshot.context.to === TODAY);

const paths = model.getShortestPaths({ input: { today: TODAY }, filterEvents: once, serializeState: keyApart(model, ['statement.show']) });

describe('statementsMachine (model-based)', () => {
  it('starts on the last 30 days', () => {
    const summary = deferredActor<Envelope<StatementSummary>, StatementRequest>();
    const actor = createActor(statementsMachine.provide({ actors: { summary: summary.logic } }), { input: { today: TODAY } }).start();
    expect(summary.last.input).toEqual({ from: DEFAULT_FROM, to: TODAY });
    actor.stop();
  });

  for (const path of paths) {
    it(pathTitle(path), async () => {
      const summary = deferredActor<Envelope<StatementSummary>, StatementRequest>();
      const download = deferredActor<string, StatementDownloadRequest>();
      const actor = createActor(statementsMachine.provide({ actors: { summary: summary.logic, download: download.logic } }), {
        input: { today: TODAY },
        inspect: coverage.inspect,
      }).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as StatementsEvent);

      await path.test({
        events: {
          'statement.from': ({ event }) => send(event),
          'statement.to': ({ event }) => send(event),
          'statement.show': ({ event }) => {
            const problem = rangeProblem(actor.getSnapshot().context);
            const calls = summary.count;
            effects.expect(problem ? [errorToast(problem)] : []);
            send(event);
            expect(summary.count).toBe(problem ? calls : calls + 1);
          },
          'xstate.done.actor.summary': async () => {
            const { from, to } = actor.getSnapshot().context;
            // Asked for the dates on screen, and answered for them.
            expect(summary.last.input).toEqual({ from, to });
            summary.last.resolve(totals({ from, to }));
            await leaves(actor, 'loading');
          },
          'xstate.error.actor.summary': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            summary.last.reject(new ApiError({ type: 'error', message: error }));
            await leaves(actor, 'loading');
          },
          'statement.download': ({ event }) => {
            const { from, to } = actor.getSnapshot().context;
            send(event);
            expect(download.last.input).toEqual({ from, to, format: (event as unknown as StatementDownloadRequest).format });
          },
          'xstate.done.actor.download': async () => {
            effects.expect([successToast(`Downloaded ${FILE}`)]);
            download.last.resolve(FILE);
            await leaves(actor, 'downloading');
          },
          'xstate.error.actor.download': async ({ event }) => {
            const { error } = event as unknown as { error: string };
            effects.expect([errorToast(error)]);
            download.last.reject(new Error(error));
            await leaves(actor, 'downloading');
          },
        },
        states: {
          // The totals differ from the traversal's (each run answers its own dates): the rest is compared.
          '*': (expected) => {
            const snapshot = actor.getSnapshot();
            expect(snapshot.value).toEqual(expected.value);
            expect([snapshot.context.from, snapshot.context.to]).toEqual([expected.context.from, expected.context.to]);
            effects.check();
            // Totals are shown only for the dates above them: none while editing or loading.
            const { summary: shown } = snapshot.context;
            expect(shown !== null).toBe(expected.matches('shown') || expected.matches('downloading'));
            if (shown) expect([shown.from, shown.to]).toEqual([snapshot.context.from, snapshot.context.to]);
            expect(snapshot.hasTag('busy')).toBe(expected.matches('downloading'));
          },
        },
      });
      actor.stop();
    });
  }

  itWalkedEveryTransition('statementsMachine', coverage, 9);
});
