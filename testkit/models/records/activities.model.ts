import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Envelope, Paginated, Transaction } from '../../../core/contract';
import { CallFailure } from '../../../src/api/kit/http';
import type { Kept } from '../../../src/api/kit/offlineCopy';
import { activitiesMachine } from '../../../src/machines/records/activities';
import { airtimePurchase } from '../../fixtures';
import { createActorTestModel, serializeTransitionTaken } from '../kit/actorTestModel';
import { createTestSession } from '../../testSession';
import { defineModel, type MachineModel } from '../kit/machineModel';

export const PAGE_SIZE = 2;

const completed = airtimePurchase(1, 'completed');
const pending = airtimePurchase(2, 'pending');
const canceled = airtimePurchase(3, 'canceled');
const processing = airtimePurchase(4, 'processing');
/** Arrived while the list was shown (a transfer, a purchase on another device). */
const arrived = airtimePurchase(5, 'completed');
const arrivedToo = airtimePurchase(6, 'completed');

const page = (data: Transaction[], current_page: number, last_page: number): Envelope<Paginated<Transaction>> => ({
  type: 'success',
  message: 'transactions fetched successfully',
  data: { data, current_page, per_page: PAGE_SIZE, total: 4, last_page },
});
/** Full, with a second page behind it: "Load more" shows. */
export const firstOfTwo = page([completed, pending], 1, 2);
/** Full, and the last: nothing more to load. */
const secondOfTwo = page([canceled, processing], 2, 2);
/** Full, with a third page behind it: "Load more" still shows. */
const secondOfThree = page([canceled, processing], 2, 3);
/** Page 1 renewed after one new row: it shares a row with what is shown, so it joins above it. */
const renewedJoining = page([arrived, completed], 1, 3);
/** Page 1 renewed after a full page of new rows: more may lie between it and what is shown. */
const renewedAllNew = page([arrivedToo, arrived], 1, 3);
/** Full, but the server says it is the last: more is not revealed. */
const fullAndLast = page([completed, pending], 1, 1);
/** A lone page that is not full. */
const onlyPage = page([pending], 1, 1);
const nothing = page([], 1, 1);
const checked: Envelope<Transaction> = {
  type: 'success',
  message: 'Transaction status updated',
  data: { ...pending, status: 'completed' },
};
/** Still processing, placed long over a day ago: its details open to offer a report. */
export const stuck: Envelope<Transaction> = {
  type: 'success',
  message: 'transaction status refreshed',
  data: { ...processing, created_at: '2020-01-01T00:00:00Z' },
};

/** The first page kept from an earlier visit, shown when the server is out of reach. */
export const keptCopy: Kept<Transaction> = { at: Date.UTC(2026, 10, 20, 9, 30), rows: [completed, pending] };

const model = createActorTestModel(activitiesMachine, [
  ...[completed, pending, canceled, processing].map((t) => ({ type: 'activities.select', id: t.id })),
  { type: 'xstate.done.actor.firstPage', output: firstOfTwo },
  { type: 'xstate.done.actor.firstPage', output: fullAndLast },
  { type: 'xstate.done.actor.firstPage', output: onlyPage },
  { type: 'xstate.done.actor.firstPage', output: nothing },
  { type: 'xstate.error.actor.firstPage', error: 'Failed to fetch' },
  // No answer at all (offline): the kept copy stands in, if there is one.
  { type: 'xstate.error.actor.firstPage', error: new CallFailure('unreachable') },
  { type: 'xstate.done.actor.kept', output: keptCopy },
  { type: 'xstate.done.actor.kept', output: null },
  { type: 'xstate.error.actor.kept', error: 'storage unreadable' },
  { type: 'xstate.done.actor.nextPage', output: secondOfTwo },
  { type: 'xstate.done.actor.nextPage', output: secondOfThree },
  // Page 1 asked for again with later pages shown.
  { type: 'xstate.done.actor.firstPage', output: renewedJoining },
  { type: 'xstate.done.actor.firstPage', output: renewedAllNew },
  { type: 'xstate.error.actor.nextPage', error: 'Service temporarily unavailable' },
  { type: 'xstate.done.actor.refresh', output: checked },
  { type: 'xstate.done.actor.refresh', output: stuck },
  { type: 'xstate.error.actor.refresh', error: 'transaction not found' },
]);

const holds = (snapshot: AnyMachineSnapshot, id: number) =>
  snapshot.context.items.some((t: Transaction) => t.id === id);

/**
 * What can happen: rows are tapped only once they are on screen (a tap on nothing is not a thing a
 * person does); a later page brings rows not yet shown; rows arrive (a renewed page 1 brings them)
 * only once pages after the first are shown, and a list only grows, so page 1 is then full of rows
 * shown or just arrived (the server does not send the same new row twice);
 * money moving again while the list already means to ask changes nothing, so it is walked once.
 */
const arrivals = new Set([arrived.id, arrivedToo.id]);
const possible = (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
  const rows = (event.output as Envelope<Paginated<Transaction>> | undefined)?.data?.data ?? [];
  switch (event.type) {
    case 'activities.select':
      return holds(snapshot, event.id as number);
    case 'activities.reload':
      return !snapshot.context.stale && snapshot.context.selected === null;
    case 'xstate.done.actor.nextPage':
      return rows.some((t) => !holds(snapshot, t.id));
    case 'xstate.done.actor.firstPage':
      if (snapshot.context.page <= 1) return rows.every((t) => !arrivals.has(t.id));
      // Later pages shown: the list has only grown, so page 1 is full, of rows shown or just arrived.
      return rows.length === PAGE_SIZE && rows.every((t) => arrivals.has(t.id) !== holds(snapshot, t.id));
    default:
      return true;
  }
};

// The list on /activities: it keeps the session's `more_reveal` as its answers say.
export const traversalSession = createTestSession().actor;

/** How a page answer reads: which page of how many, and its rows. */
const pageWords = (event: AnyEventObject) => {
  const { message, data } = event.output as Envelope<Paginated<Transaction>>;
  return `${message}: page ${data!.current_page} of ${data!.last_page}, ${data!.data.length} row(s)`;
};

export const activitiesModel: MachineModel = defineModel({
  name: 'activities',
  machine: activitiesMachine,
  model,
  transitions: 27,
  traversals: [
    {
      label: `pages of ${PAGE_SIZE}`,
      options: {
        input: { pageSize: PAGE_SIZE, session: traversalSession },
        filterEvents: possible,
        serializeState: serializeTransitionTaken,
      },
    },
  ],
  words: {
    'activities.select': (event) => `tap transaction ${String(event.id)}`,
    'xstate.done.actor.firstPage': (event) => `the transactions call answers: ${pageWords(event)}`,
    'xstate.done.actor.nextPage': (event) => `the transactions call answers: ${pageWords(event)}`,
    'xstate.done.actor.kept': (event) =>
      event.output === null
        ? 'nothing was kept from an earlier visit'
        : `the copy kept from an earlier visit has ${(event.output as Kept<Transaction>).rows.length} row(s)`,
    'xstate.done.actor.refresh': (event) => {
      const { message, data } = event.output as Envelope<Transaction>;
      return `the status check answers: ${message} (${data!.status})`;
    },
  },
});
