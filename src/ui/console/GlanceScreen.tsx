import { Link } from 'react-router-dom';
import type { UndeliverableMessage } from '../../../core/console';
import { categoryLabel } from '../../domain/kit/transactionCategory';
import { ActionButton, Empty, Loaded, Naira, Section, When } from './components';
import { useRecord } from './flows';
import { PasskeysPanel } from './PasskeysPanel';

/**
 * At a glance: today's purchases and funding, what is stuck or waiting (messages included), the
 * ledger audit, the providers.
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
              {today.purchases.length === 0 ? (
                <Empty>No purchases yet today.</Empty>
              ) : (
                <table className="ops-table">
                  <thead>
                    <tr>
                      <th>Service</th>
                      <th>Provider</th>
                      <th>Bills</th>
                      <th>Completed</th>
                      <th>Failed</th>
                      <th>Processing</th>
                      <th>Sold</th>
                      <th>Success</th>
                    </tr>
                  </thead>
                  <tbody>
                    {today.purchases.map((row) => (
                      <tr key={`${row.category}-${row.provider}`}>
                        <td>{categoryLabel(row.category)}</td>
                        <td>{row.provider}</td>
                        <td>{row.count}</td>
                        <td>{row.completed}</td>
                        <td>{row.failed}</td>
                        <td>{row.processing}</td>
                        <td>
                          <Naira amount={row.amount} />
                        </td>
                        <td>{row.success_rate === null ? '—' : `${row.success_rate}%`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
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
            <Section title="Bills processing for over an hour">
              {today.stuck_bills.oldest.length === 0 ? (
                <Empty>None: every bill has an answer.</Empty>
              ) : (
                <ul className="ops-list">
                  {today.stuck_bills.oldest.map((bill) => (
                    <li key={bill.id}>
                      {categoryLabel(bill.category)} <Naira amount={bill.amount} /> · {bill.reference} · since{' '}
                      <When at={bill.created_at} />
                    </li>
                  ))}
                </ul>
              )}
            </Section>
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

/** The messages given up, with why: the customer did not get them, and support may tell them another way. */
function UndeliverableMessages({ messages }: { messages: UndeliverableMessage[] }) {
  return (
    <Section title="Messages not delivered">
      {messages.length === 0 ? (
        <Empty>None: every message was accepted by the mail server, or is still being tried.</Empty>
      ) : (
        <table className="ops-table">
          <thead>
            <tr>
              <th>To</th>
              <th>Subject</th>
              <th>Kind</th>
              <th>Attempts</th>
              <th>Why</th>
              <th>Given up</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <td>{message.recipient}</td>
                <td>{message.subject}</td>
                <td>{message.kind}</td>
                <td>{message.attempts}</td>
                <td>{message.reason}</td>
                <td>
                  <When at={message.given_up_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
