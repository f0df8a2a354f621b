import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { lagosDay } from '../../../core/days';
import { statementsMachine, type StatementsContext } from '../../machines/records/statements';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useOffline } from '../app/ConnectivityContext';
import { useFlow, useSliceInTransition } from '../kit/useFlow';
import { useT } from '../kit/language';
import { useHydrated } from '../app/useHydrated';
import { EmptyState } from '../kit/EmptyState';
import { HistoryIcon } from '../kit/icons';
import { Money } from '../kit/Money';
import { OFFLINE_ACTION_NOTE } from '../app/OfflineBanner';
import { DownloadIcon } from './recordIcons';
import './records.css';

type Dates = Pick<StatementsContext, 'from' | 'to' | 'today'>;
const sameDates = (a: Dates, b: Dates) => a.from === b.from && a.to === b.to && a.today === b.today;

/**
 * /statements: a date range, its totals from the ledger (opening + money in − money
 * out = closing), and the statement as CSV or PDF. The downloads are of the range shown.
 */
export default function StatementsScreen() {
  const t = useT();
  const title = t(/*i18n*/ { id: 'statements.title', message: 'Statements' });
  useDocumentTitle(title);
  const actor = useFlow(statementsMachine, { today: lagosDay(new Date()) });
  // The dates are the clock's: the prerendered frame (built on another day) shows none, and
  // hydrating it draws none; they appear in the render after.
  const hydrated = useHydrated();
  // Dates typed are drawn at once; what an answer brings (the totals, the end of loading) in a
  // transition, in slices, not as one long task on a slow phone.
  const dates = useSelector(actor, (s) => s.context, sameDates);
  const summary = useSliceInTransition(actor, (s) => s.context.summary);
  const [from, to, today] = hydrated ? [dates.from, dates.to, dates.today] : ['', '', undefined];
  const offline = useOffline();
  const loading = useSliceInTransition(actor, (s) => s.hasTag('loading'));
  const downloading = useSelector(actor, (s) => s.hasTag('busy'));
  const ids = { from: useId(), to: useId(), totals: useId() };

  const show = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'statement.show' });
  };

  let body;
  if (loading) {
    body = (
      <p className="hint" role="status">
        {t(/*i18n*/ { id: 'statements.loading', message: 'Adding up your statement…' })}
      </p>
    );
  } else if (!summary) {
    body = (
      <p className="hint">
        {t(/*i18n*/ { id: 'statements.prompt', message: 'Choose the dates, then press Show statement.' })}
      </p>
    );
  } else {
    body = (
      <>
        <dl className="statement-totals" aria-labelledby={ids.totals}>
          {(
            [
              [
                'opening',
                t(/*i18n*/ { id: 'statements.opening', message: 'Opening balance' }),
                summary.opening_balance,
              ],
              ['in', t(/*i18n*/ { id: 'statements.in', message: 'Money in' }), summary.total_credits],
              ['out', t(/*i18n*/ { id: 'statements.out', message: 'Money out' }), summary.total_debits],
              [
                'closing',
                t(/*i18n*/ { id: 'statements.closing', message: 'Closing balance' }),
                summary.closing_balance,
              ],
            ] as const
          ).map(([key, name, amount]) => (
            <div key={key} className={key === 'closing' ? 'statement-closing' : undefined}>
              <dt>{name}</dt>
              <dd>
                <Money amount={amount} />
              </dd>
            </div>
          ))}
        </dl>
        {summary.entries === 0 && (
          <EmptyState
            icon={<HistoryIcon size={28} />}
            title={t(/*i18n*/ { id: 'statements.empty', message: 'No money moved in these dates' })}
          >
            {t(
              /*i18n*/ {
                id: 'statements.emptyHint',
                message: 'The statement still shows your balance for the period.',
              },
            )}
          </EmptyState>
        )}
        <div className="statement-downloads">
          {(['pdf', 'csv'] as const).map((format) => (
            <button
              key={format}
              type="button"
              className={format === 'pdf' ? 'btn btn-primary' : 'btn btn-secondary'}
              aria-busy={downloading || undefined}
              disabled={offline}
              onClick={() => !downloading && actor.send({ type: 'statement.download', format })}
            >
              <DownloadIcon size={20} />
              {t(
                /*i18n*/ { id: 'statements.download', message: 'Download {format}' },
                { format: format.toUpperCase() },
              )}
            </button>
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        <p className="page-subtitle">
          {t(
            /*i18n*/ {
              id: 'statements.subtitle',
              message: "Your wallet's statement for any dates within a year, as PDF or CSV.",
            },
          )}
        </p>
      </header>
      <form className="card statement-range" noValidate onSubmit={show}>
        <div className="field">
          <label className="field-label" htmlFor={ids.from}>
            {t(/*i18n*/ { id: 'statements.from', message: 'From' })}
          </label>
          <input
            id={ids.from}
            className="input"
            type="date"
            value={from}
            max={today}
            onChange={(e) => actor.send({ type: 'statement.from', value: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={ids.to}>
            {t(/*i18n*/ { id: 'statements.to', message: 'To' })}
          </label>
          <input
            id={ids.to}
            className="input"
            type="date"
            value={to}
            max={today}
            onChange={(e) => actor.send({ type: 'statement.to', value: e.target.value })}
          />
        </div>
        <button type="submit" className="btn btn-secondary btn-block" disabled={offline}>
          {t(/*i18n*/ { id: 'statements.show', message: 'Show statement' })}
        </button>
        {offline && <p className="offline-note">{t(OFFLINE_ACTION_NOTE)}</p>}
      </form>
      <section className="card" aria-labelledby={ids.totals} aria-busy={loading || undefined}>
        <h2 id={ids.totals} className="section-title visually-hidden">
          {hydrated
            ? t(/*i18n*/ { id: 'statements.range', message: 'Statement from {from} to {to}' }, { from, to })
            : t(/*i18n*/ { id: 'statements.heading', message: 'Statement' })}
        </h2>
        {body}
      </section>
    </div>
  );
}
