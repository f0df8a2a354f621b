import { Link } from 'react-router-dom';
import type { ConsoleTransaction, Glance, UndeliverableMessage } from '../../../core/console';
import { categoryLabel } from '../../domain/kit/transactionCategory';
import { ActionButton, Empty, Loaded, Naira, OpsTable, Section, When } from './components';
import { useRecord } from './flows';
import { PasskeysPanel } from './PasskeysPanel';

/**
 * At a glance: today's purchases and funding, today's refunds against the 30-second and 24-hour
 * limits, what is stuck (nearest its deadline first) or waiting (messages included), the ledger
 * audit, the providers.
 */
export function GlanceScreen() {
  const record = useRecord('glance', null);
  return (
    <>
      <h1>At a glance</h1>
      <Loaded record={record} what="today's figures">
        {(today) => (
          <>
            <div className="ops-tiles">
              <Link to="/cases" className="ops-tile">
                <strong>{today.open_cases}</strong> open cases
              </Link>
              <div className="ops-tile" data-warn={today.stuck_bills.count > 0 || undefined}>
                <strong>{today.stuck_bills.count}</strong> bills processing over an hour
              </div>
              <div className="ops-tile">
                <strong>{today.suspense.count}</strong> in suspense, <Naira amount={today.suspense.total} />
              </div>
              <div className="ops-tile">
                <strong>{today.pending_requests}</strong> money requests awaiting approval
              </div>
              <div className="ops-tile" data-warn={today.messages.undeliverable > 0 || undefined}>
                <strong>{today.messages.pending}</strong> messages waiting to be sent
                {today.messages.oldest_pending_at !== null && (
                  <>
                    , the oldest since <When at={today.messages.oldest_pending_at} />
                  </>
                )}
                ; {today.messages.undeliverable} undeliverable
              </div>
            </div>
            <RefundTiles refunds={today.refunds} />
            <Section
              title={`Purchases today (${today.day}, Lagos)`}
              actions={
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  onClick={() => record.reload()}
                  disabled={record.busy}
                >
                  Refresh
                </button>
              }
            >
              <OpsTable
                rows={today.purchases}
                rowKey={(row) => `${row.category}-${row.provider}`}
                empty="No purchases yet today."
                columns={[
                  { title: 'Service', cell: (row) => categoryLabel(row.category) },
                  { title: 'Provider', cell: (row) => row.provider },
                  { title: 'Bills', cell: (row) => row.count },
                  { title: 'Completed', cell: (row) => row.completed },
                  { title: 'Failed', cell: (row) => row.failed },
                  { title: 'Processing', cell: (row) => row.processing },
                  { title: 'Sold', cell: (row) => <Naira amount={row.amount} /> },
                  { title: 'Success', cell: (row) => (row.success_rate === null ? '—' : `${row.success_rate}%`) },
                ]}
              />
            </Section>
            <Section title="Funding today">
              {today.funding.length === 0 ? (
                <Empty>No funding yet today.</Empty>
              ) : (
                <ul className="ops-list">
                  {today.funding.map((row) => (
                    <li key={row.provider}>
                      {row.provider}: {row.count} transfers, <Naira amount={row.amount} />
                    </li>
                  ))}
                </ul>
              )}
            </Section>
            <StuckBills bills={today.stuck_bills.oldest} />
            <UndeliverableMessages messages={today.messages.latest_undeliverable} />
            <Section
              title="Ledger audit"
              actions={
                <ActionButton label="Run it now" action="audit.run" args={null} onDone={() => record.reload()} />
              }
            >
              {today.ledger_audit === null ? (
                <Empty>Not run yet.</Empty>
              ) : today.ledger_audit.problem_count === 0 ? (
                <p>
                  Clean, at <When at={today.ledger_audit.ran_at} />.
                </p>
              ) : (
                <div role="alert" className="ops-problem">
                  {today.ledger_audit.problem_count} problems at <When at={today.ledger_audit.ran_at} />:
                  <ul>
                    {today.ledger_audit.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </div>
              )}
            </Section>
            <Section title="Providers">
              <ul className="ops-list">
                {today.providers.map((provider) => (
                  <li key={`${provider.kind}-${provider.name}`}>
                    {provider.name} ({provider.kind}):{' '}
                    {provider.breaker === 'none'
                      ? 'simulated, no breaker'
                      : provider.breaker === 'closed'
                        ? 'answering'
                        : provider.breaker === 'open'
                          ? 'not answering (breaker open)'
                          : 'trying again (half-open)'}
                  </li>
                ))}
              </ul>
            </Section>
          </>
        )}
      </Loaded>
      <PasskeysPanel />
    </>
  );
}

/**
 * Today's refunds by their time after the debit: the framework wants a failed bill refunded within
 * 30 seconds, and none later than 24 hours (a breach).
 */
function RefundTiles({ refunds }: { refunds: Glance['refunds'] }) {
  return (
    <Section title="Refunds today">
      <div className="ops-tiles">
        <div className="ops-tile">
          <strong>{refunds.within_30s}</strong> within 30 seconds of the debit
        </div>
        <div className="ops-tile">
          <strong>{refunds.within_24h}</strong> after 30 seconds, within 24 hours
        </div>
        <div className="ops-tile" data-warn={refunds.past_24h > 0 || undefined}>
          <strong>{refunds.past_24h}</strong> past 24 hours (breach)
        </div>
        <div className="ops-tile">
          <strong>{refunds.open_exposures}</strong> refunded at the deadline, biller still asked,{' '}
          <Naira amount={refunds.open_total} />
        </div>
      </div>
    </Section>
  );
}

/** Bills processing for over an hour, the nearest their 24-hour deadline first: each is refunded by then. */
function StuckBills({ bills }: { bills: ConsoleTransaction[] }) {
  return (
    <Section title="Bills processing for over an hour, nearest their deadline first">
      <OpsTable
        rows={bills}
        rowKey={(bill) => bill.id}
        empty="None: every bill has an answer."
        setApart={() => true}
        columns={[
          { title: 'Service', cell: (bill) => categoryLabel(bill.category) },
          { title: 'Amount', cell: (bill) => <Naira amount={bill.amount} /> },
          { title: 'Reference', cell: (bill) => <code>{bill.reference}</code> },
          { title: 'Debited', cell: (bill) => <When at={bill.created_at} /> },
          { title: 'Refunded by', cell: (bill) => <When at={bill.bill?.deadline_at ?? null} /> },
        ]}
      />
    </Section>
  );
}

/** The messages given up, with why: the customer did not get them, and support may tell them another way. */
function UndeliverableMessages({ messages }: { messages: UndeliverableMessage[] }) {
  return (
    <Section title="Messages not delivered">
      <OpsTable
        rows={messages}
        rowKey={(message) => message.id}
        empty="None: every message was accepted by the mail server, or is still being tried."
        columns={[
          { title: 'To', cell: (message) => message.recipient },
          { title: 'Subject', cell: (message) => message.subject },
          { title: 'Kind', cell: (message) => message.kind },
          { title: 'Attempts', cell: (message) => message.attempts },
          { title: 'Why', cell: (message) => message.reason },
          { title: 'Given up', cell: (message) => <When at={message.given_up_at} /> },
        ]}
      />
    </Section>
  );
}
