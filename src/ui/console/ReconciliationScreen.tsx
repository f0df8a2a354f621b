import { ActionButton, Empty, Loaded, Naira } from './components';
import { useRecord } from './flows';
import { LateBillsSection } from './LateBillsSection';

/**
 * What the daily reconciliation found and the credits a partner contradicted: acknowledge, then
 * resolve, with a note. Below, the bills refunded at their 24-hour deadline.
 */
export function ReconciliationScreen() {
  const record = useRecord('reconciliation', null);
  return (
    <>
      <h1>Reconciliation</h1>
      <p className="hint">
        Nothing here moves money: a correction is a money request of its own (Suspense, or Goodwill on the customer's
        page).
      </p>
      <Loaded record={record} what="the reconciliation">
        {(items) =>
          items.length === 0 ? (
            <Empty>No mismatch and no disputed credit.</Empty>
          ) : (
            <ul className="ops-cases">
              {items.map((item) => (
                <li key={`${item.kind}-${item.id}`} className="ops-case" data-status={item.status}>
                  <p>
                    <strong>{item.what}</strong> · {item.counterparty} · {item.day} · <code>{item.reference}</code>
                    {' · '}
                    {item.status}
                  </p>
                  <p>
                    Ours {item.our_amount === null ? '—' : <Naira amount={item.our_amount} />}, theirs{' '}
                    {item.their_amount === null ? '—' : <Naira amount={item.their_amount} />}. {item.detail}
                  </p>
                  {item.note && <p className="hint">Note: {item.note}</p>}
                  {item.status !== 'resolved' && (
                    <div className="ops-row">
                      {item.status === 'open' && (
                        <ActionButton
                          label="Acknowledge"
                          noteLabel="What you are doing about it"
                          noteMin={3}
                          action="reconciliation.work"
                          args={{ kind: item.kind, id: item.id, status: 'acknowledged' }}
                          onDone={() => record.reload()}
                        />
                      )}
                      <ActionButton
                        label="Resolve"
                        variant="primary"
                        noteLabel="How it was resolved"
                        noteMin={3}
                        action="reconciliation.work"
                        args={{ kind: item.kind, id: item.id, status: 'resolved' }}
                        onDone={() => record.reload()}
                      />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <LateBillsSection />
    </>
  );
}
