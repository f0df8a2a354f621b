import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { lagosDay } from '../../../core/days';
import { statementsMachine } from '../../machines/records/statements';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useOffline } from '../app/ConnectivityContext';
import { useFlow } from '../kit/useFlow';
import { useHydrated } from '../kit/useHydrated';
import { EmptyState } from '../kit/EmptyState';
import { HistoryIcon } from '../kit/icons';
import { Money } from '../kit/Money';
import { OFFLINE_ACTION_NOTE } from '../app/OfflineBanner';
import { DownloadIcon } from '../wallet/walletIcons';
import './records.css';

/**
 * /statements: a date range, its totals from the ledger (opening + money in − money
 * out = closing), and the statement as CSV or PDF. The downloads are of the range shown.
 */
export default function StatementsScreen() {
  useDocumentTitle('Statements');
  const actor = useFlow(statementsMachine, { today: lagosDay(new Date()) });
  // The dates are the clock's: the prerendered frame (built on another day) shows none, and
  // hydrating it draws none; they appear in the render after.
  const hydrated = useHydrated();
  const dates = useSelector(actor, (s) => s.context);
  const { summary } = dates;
  const [from, to, today] = hydrated ? [dates.from, dates.to, dates.today] : ['', '', undefined];
  const offline = useOffline();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
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
        Adding up your statement…
      </p>
    );
  } else if (!summary) {
    body = <p className="hint">Choose the dates, then press Show statement.</p>;
  } else {
    body = (
      <>
        <dl className="statement-totals" aria-labelledby={ids.totals}>
          {(
            [
              ['Opening balance', summary.opening_balance],
              ['Money in', summary.total_credits],
              ['Money out', summary.total_debits],
              ['Closing balance', summary.closing_balance],
            ] as const
          ).map(([name, amount]) => (
            <div key={name} className={name === 'Closing balance' ? 'statement-closing' : undefined}>
              <dt>{name}</dt>
              <dd>
                <Money amount={amount} />
              </dd>
            </div>
          ))}
        </dl>
        {summary.entries === 0 && (
          <EmptyState icon={<HistoryIcon size={28} />} title="No money moved in these dates">
            The statement still shows your balance for the period.
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
              {`Download ${format.toUpperCase()}`}
            </button>
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">Statements</h1>
        <p className="page-subtitle">Your wallet&apos;s statement for any dates within a year, as PDF or CSV.</p>
      </header>
      <form className="card statement-range" noValidate onSubmit={show}>
        <div className="field">
          <label className="field-label" htmlFor={ids.from}>
            From
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
            To
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
          Show statement
        </button>
        {offline && <p className="offline-note">{OFFLINE_ACTION_NOTE}</p>}
      </form>
      <section className="card" aria-labelledby={ids.totals} aria-busy={loading || undefined}>
        <h2 id={ids.totals} className="section-title visually-hidden">
          {hydrated ? `Statement from ${from} to ${to}` : 'Statement'}
        </h2>
        {body}
      </section>
    </div>
  );
}
