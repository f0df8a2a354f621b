import type { MachineDescription } from '../kit/machineDescription';

/** The page of src/machines/records/activities.ts in docs/machines. */
export default {
  summary:
    'A list of the user’s transactions (/activities, the dashboard): pages on demand, details of a settled ' +
    'row, a server check of a pending one (whose details open by themselves when it is stuck a day, to ' +
    'offer a report); with the server out of reach, the first page kept from the last visit, marked with ' +
    'its time.',
  events: {
    'activities.reload':
      'Something outside moved money: page 1 is asked for again, the rows staying on screen and pages ' +
      'already loaded kept below it (or noted, to ask once the page on its way is in).',
    'activities.more': '“Load more”: fetches the next page when the page is full and more is revealed.',
    'activities.select': 'A tap on a row: opens a settled one’s details, or asks the server to check a pending one.',
    'activities.retry': '“Try again” after the first page failed.',
    'activities.close': 'Closes the open details.',
  },
  guards: {
    unreachable: 'The call brought no answer at all (offline, or the server down).',
    stale: 'Money moved while a call was under way: the list asks for page 1 again now that it is in.',
    listShown:
      'The server’s list is on screen (not placeholders, not the copy kept for no network): a failed ' +
      'page 1 leaves it there.',
    joinsPagesShown:
      'Pages after the first are shown and the renewed page 1 shares a row with them (no gap between), so ' +
      'it goes above them; otherwise (a page of new rows may hide more) the list is page 1 alone.',
    somethingKept: 'A first page was kept from an earlier visit.',
    showsLoadMore: 'The last page was full and the server says more pages follow.',
    opensDetail: 'The tapped row is settled, so it has details to show.',
    needsRefresh: 'The tapped row is pending or processing, so the server is asked about it.',
    stuck: 'The checked row is still unsettled a day after it was placed (stuckUnsettled).',
    hasSelected: 'A row is chosen to be shown: a check that found it stuck put it there.',
  },
  actions: {
    showFirstPage: 'Shows page 1 of the answer and notes whether more follows.',
    showNextPage: 'Appends the next page, each row once.',
    renewFirstPage: 'Puts the renewed page 1 first and keeps the other rows shown below it, each row once.',
    markStale: 'Notes that money moved while a page was on its way.',
    markFresh: 'Forgets that note as page 1 is asked for.',
    keepFirstPage: 'Keeps the first page just answered, with its time, for a visit with no network.',
    showKept: 'Shows the kept first page, marked with its time ("as of").',
    tellSession: 'Tells the session whether more is revealed (its `more_reveal`).',
    select: 'Keeps the tapped row as the one whose details are open.',
    unselect: 'Forgets the open row.',
    showStuck: 'Keeps the checked row, stuck a day, as the one whose details open, to offer a report.',
    markRefreshing: 'Notes which row is being checked.',
    unmarkRefreshing: 'Forgets the row being checked.',
  },
  actors: {
    fetchTransactions: 'Fetches one page of transactions.',
    refreshTransaction: 'Asks the server to check a pending transaction with the biller.',
    keptFirstPage: 'Reads the first page kept from an earlier visit, if any.',
  },
  delays: {},
} satisfies MachineDescription;
