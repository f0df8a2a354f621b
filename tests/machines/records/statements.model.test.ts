import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import type { Envelope, StatementDownloadRequest, StatementRequest, StatementSummary } from '../../../core/contract';
import { ApiError } from '../../../src/api/kit/http';
import {
  DOWNLOADED,
  rangeProblem,
  statementsMachine,
  type StatementsEvent,
} from '../../../src/machines/records/statements';
import { say } from '../../../src/ui/kit/language';
import { shortestPaths } from '../../../testkit/models/kit/machineModel';
import { DEFAULT_FROM, FILE, statementsModel, TODAY, totals } from '../../../testkit/models/records/statements.model';
import {
  deferredActor,
  effectLog,
  errorToast,
  failsWithToast,
  itWalkedEveryTransition,
  leaves,
  pathTitle,
} from '../../support/flowHarness';
import { createTransitionCoverage } from '../../../testkit/models/kit/transitionCoverage';

const [traversal] = statementsModel.traversals;
const coverage = createTransitionCoverage(statementsMachine);

describe('statementsMachine (model-based)', () => {
  it('starts on the last 30 days', () => {
    const summary = deferredActor<Envelope<StatementSummary>, StatementRequest>();
    const actor = createActor(statementsMachine.provide({ actors: { summary: summary.logic } }), {
      input: { today: TODAY },
    }).start();
    expect(summary.last.input).toEqual({ from: DEFAULT_FROM, to: TODAY });
    actor.stop();
  });

  for (const path of shortestPaths(statementsModel, traversal)) {
    it(pathTitle(path), async () => {
      const summary = deferredActor<Envelope<StatementSummary>, StatementRequest>();
      const download = deferredActor<string, StatementDownloadRequest>();
      const actor = createActor(
        statementsMachine.provide({ actors: { summary: summary.logic, download: download.logic } }),
        {
          input: { today: TODAY },
          inspect: coverage.inspect,
        },
      ).start();
      const effects = effectLog(actor);
      const send = (event: AnyEventObject) => actor.send(event as StatementsEvent);

      await path.test({
        events: {
          'statement.from': ({ event }) => send(event),
          'statement.to': ({ event }) => send(event),
          'statement.show': ({ event }) => {
            const problem = rangeProblem(actor.getSnapshot().context);
            const calls = summary.count;
            effects.expect(problem ? [{ type: 'toast', level: 'error', message: problem }] : []);
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
            expect(download.last.input).toEqual({
              from,
              to,
              format: (event as unknown as StatementDownloadRequest).format,
            });
          },
          'xstate.done.actor.download': async () => {
            const downloaded = { words: DOWNLOADED, values: { file: FILE } };
            expect(say(downloaded)).toBe(`Downloaded ${FILE}`);
            effects.expect([{ type: 'toast', level: 'success', message: downloaded }]);
            download.last.resolve(FILE);
            await leaves(actor, 'downloading');
          },
          'xstate.error.actor.download': failsWithToast(
            effects,
            () => download.last,
            () => leaves(actor, 'downloading'),
          ),
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

  it('says what is wrong with a range in English', () => {
    const problem = (from: string, to: string) => {
      const wording = rangeProblem({ from, to, today: TODAY });
      return wording && say(wording);
    };
    expect(problem('', TODAY)).toBe('Please choose a start and an end date.');
    expect(problem(TODAY, DEFAULT_FROM)).toBe('The start date must not be after the end date.');
    expect(problem(DEFAULT_FROM, '2999-01-01')).toBe('The statement cannot end after today.');
    expect(problem('2000-01-01', TODAY)).toBe('A statement covers at most 366 days.');
    expect(problem(DEFAULT_FROM, TODAY)).toBeNull();
  });

  itWalkedEveryTransition('statementsMachine', coverage, statementsModel.transitions);
});
