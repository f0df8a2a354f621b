import { lazy, Suspense, useDeferredValue, useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { activitiesMachine, showsLoadMore } from '../../machines/records/activities';
import { formatDateTime } from '../../domain/kit/dateTime';
import { isSignedIn } from '../../domain/account/user';
import { useOffline } from '../app/ConnectivityContext';
import { useSession, useSessionSelector } from '../app/SessionContext';
import { useFlow, useSliceInTransition } from '../kit/useFlow';
import { useT } from '../kit/language';
import { HistoryIcon } from '../kit/icons';
import { EmptyState } from '../kit/EmptyState';
import { LoadFailed } from '../kit/LoadFailed';
import { LOADING } from '../kit/PageLoading';
import { TransactionRow, TransactionRowSkeleton } from './TransactionRow';

/**
 * A transaction's details open on a tap, so their code (the dialog, copying, the receipt and the
 * problem report's links, "Repeat this") is not part of the first visit of the dashboard: it is
 * fetched once the list has drawn, while the user reads it, and kept by the offline app.
 */
const loadDetail = () =>
  import('./TransactionDetail').then(({ TransactionDetail }) => ({ default: TransactionDetail }));
const TransactionDetail = lazy(loadDetail);

interface ActivityListProps {
  pageSize: number;
  /** The id of the heading that names the list. */
  labelledBy: string;
  /** /activities pages through everything; the dashboard shows the first page only. */
  canLoadMore?: boolean;
}

/** The user's transactions, newest first, with their details one tap away. */
export function ActivityList({ pageSize, labelledBy, canLoadMore = false }: ActivityListProps) {
  const t = useT();
  const session = useSession();
  const actor = useFlow(activitiesMachine, canLoadMore ? { pageSize, session } : { pageSize });
  // What an answer brings is drawn in a transition, in slices; what a tap changes, at once.
  const items = useSliceInTransition(actor, (s) => s.context.items);
  // The rows are drawn from a deferred copy: while the first rows are on their way the
  // placeholders stay.
  const rows = useDeferredValue(items);
  const loading =
    useSliceInTransition(actor, (s) => s.matches({ list: 'loading' })) || (rows !== items && rows.length === 0);
  const failed = useSliceInTransition(actor, (s) => s.matches({ list: 'failed' }));
  const loadingMore = useSelector(actor, (s) => s.matches({ list: 'loadingMore' }));
  const pageFull = useSliceInTransition(actor, (s) => s.context.pageFull);
  // "Load more" needs both: the page is full and the session's shared flag says more is revealed.
  const moreReveal = useSessionSelector((s) => s.context.more_reveal);
  const refreshing = useSelector(actor, (s) => s.context.refreshing);
  const selected = useSelector(actor, (s) => s.context.selected);
  const select = (id: number) => actor.send({ type: 'activities.select', id });

  // The session's poll brings a new balance when money moved (a transfer arrived): the list
  // follows, so the balance and the transactions behind it never disagree on screen.
  // The stored balance arriving after the first frame is not money moving: only changes after it count.
  // Nor is the balance going with its user (a session ended): the list would be asked for with no
  // session, before the screen gives way to /login.
  const balance = useSessionSelector((s) =>
    s.context.restored && isSignedIn(s.context.user) ? s.context.user.wallet_balance : null,
  );
  const shownBalance = useRef(balance);
  useEffect(() => {
    if (shownBalance.current === balance) return;
    const known = shownBalance.current !== null;
    shownBalance.current = balance;
    if (known && balance !== null) actor.send({ type: 'activities.reload' });
  }, [balance, actor]);

  // A list shown from the kept copy (offline) is asked for again once the network is back.
  const asOf = useSliceInTransition(actor, (s) => s.context.asOf);
  const offline = useOffline();
  useEffect(() => {
    if (!offline && asOf !== null) actor.send({ type: 'activities.reload' });
  }, [offline, asOf, actor]);

  // "Load more" goes away once the last page is in; the focus moves on to the first row it brought.
  const list = useRef<HTMLUListElement>(null);
  const hasRows = items.length > 0;
  // In a task of its own: asking for a module is a long step on a slow phone, and here it would
  // join the task that drew the rows.
  useEffect(() => {
    if (hasRows) setTimeout(loadDetail);
  }, [hasRows]);
  const firstNewRow = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNewRow.current;
    if (index === null || rows.length <= index) return;
    firstNewRow.current = null;
    list.current?.querySelectorAll<HTMLElement>('.txn-row')[index]?.focus();
  }, [rows]);
  const loadMore = () => {
    firstNewRow.current = items.length;
    actor.send({ type: 'activities.more' });
  };

  let body;
  if (failed) {
    body = (
      <LoadFailed
        icon={<HistoryIcon size={28} />}
        title={t(/*i18n*/ { id: 'activities.failed', message: 'Your transactions could not be loaded' })}
        onRetry={() => actor.send({ type: 'activities.retry' })}
      >
        {t(/*i18n*/ { id: 'activities.failedHint', message: 'Check your connection, then try again.' })}
      </LoadFailed>
    );
  } else if (loading && rows.length === 0) {
    body = (
      <>
        <p className="visually-hidden" role="status">
          {t(/*i18n*/ { id: 'activities.loading', message: 'Loading transactions…' })}
        </p>
        <ul className="txn-list skeleton-group">
          {Array.from({ length: pageSize }, (_, index) => (
            <TransactionRowSkeleton key={index} withFonts={index === 0} />
          ))}
        </ul>
      </>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        icon={<HistoryIcon size={28} />}
        title={t(/*i18n*/ { id: 'activities.empty', message: 'No transactions yet' })}
        action={
          // Not labelled 'Fund Wallet': the overview card's button keeps that name to itself.
          <Link to="/funding" className="btn btn-secondary">
            {t(/*i18n*/ { id: 'activities.emptyAction', message: 'Add money by bank transfer' })}
          </Link>
        }
      >
        {t(
          /*i18n*/ {
            id: 'activities.emptyHint',
            message:
              'Fund your wallet by bank transfer, then pay for airtime, data, electricity and more. Every payment shows up here.',
          },
        )}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {asOf !== null && (
          <p className="hint as-of">
            {t(
              /*i18n*/ {
                id: 'activities.asOf',
                message: 'As of {time}. Newer activity shows once Naira Wallet can be reached.',
              },
              { time: formatDateTime(asOf) },
            )}
          </p>
        )}
        {/* Asked for again (a status check, money moved), the rows stay in place and the list says so. */}
        <ul ref={list} className="txn-list" aria-labelledby={labelledBy} aria-busy={loading || undefined}>
          {rows.map((transaction) => (
            <TransactionRow
              key={transaction.id}
              transaction={transaction}
              checking={refreshing === transaction.id}
              onSelect={select}
            />
          ))}
        </ul>
        {canLoadMore && showsLoadMore(pageFull, moreReveal) && (
          <button
            type="button"
            className="btn btn-secondary btn-block load-more"
            aria-busy={loadingMore || undefined}
            disabled={offline}
            onClick={loadMore}
          >
            {loadingMore && <span className="spinner" aria-hidden="true" />}
            {loadingMore ? t(LOADING) : t(/*i18n*/ { id: 'activities.loadMore', message: 'Load more' })}
          </button>
        )}
      </>
    );
  }

  return (
    <div className="activity-list">
      {body}
      {selected && (
        <Suspense fallback={null}>
          <TransactionDetail transaction={selected} onClose={() => actor.send({ type: 'activities.close' })} />
        </Suspense>
      )}
    </div>
  );
}
