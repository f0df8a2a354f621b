import { Link } from 'react-router-dom';
import type { ConsoleCase } from '../../../core/console';
import { ActionButton, Empty, Loaded, Naira, When } from './components';
import { useRecord } from './flows';

/** One case: what the customer reported and, while it is open, what support can do about it. */
export function CaseRow({ item, onDone }: { item: ConsoleCase; onDone: () => void }) {
  return (
    <li className="ops-case" data-status={item.status}>
      <p>
        <strong>{item.case_number}</strong> · {item.status} ·{' '}
        <Link to={`/customers/${item.customer_id}`}>{item.customer_name}</Link> · <When at={item.created_at} />
      </p>
      <p>
        {item.reason}: <Naira amount={item.amount} /> ({item.transaction_status}), reference{' '}
        <code>{item.reference}</code>
        {item.note && <span className="hint"> — “{item.note}”</span>}
      </p>
      {item.resolution_note && <p className="ops-resolution">Resolved: {item.resolution_note}</p>}
      {item.status !== 'resolved' && (
        <div className="ops-row">
          {item.status === 'open' && (
            <ActionButton
              label="Start review"
              action="case.review"
              args={{ caseNumber: item.case_number }}
              onDone={onDone}
            />
          )}
          <ActionButton
            label="Resolve"
            variant="primary"
            noteLabel="Note to the customer (they receive it by e-mail and see it on the transaction)"
            noteMin={1}
            action="case.resolve"
            args={{ caseNumber: item.case_number }}
            onDone={onDone}
          />
        </div>
      )}
    </li>
  );
}

/** The problem-report queue: open and in review, oldest first. */
export function CasesScreen() {
  const record = useRecord('cases', { all: false });
  return (
    <>
      <h1>Cases</h1>
      <Loaded record={record} what="the cases">
        {(cases) =>
          cases.length === 0 ? (
            <Empty>No open case. Well done.</Empty>
          ) : (
            <ul className="ops-cases">
              {cases.map((item) => (
                <CaseRow key={item.case_number} item={item} onDone={() => record.reload()} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}
