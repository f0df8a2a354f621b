import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MoneyRequestKind, SuspendedTransfer } from '../../../core/console';
import { Empty, Loaded, Naira, When } from './components';
import { useRecord } from './flows';
import { MoneyRequestForm } from './MoneyRequestForm';

/** Transfers nobody's account took: match one to its customer, or record its return to the sender. */
export function SuspenseScreen() {
  const record = useRecord('suspense', null);
  return (
    <>
      <h1>Suspense</h1>
      <Loaded record={record} what="the suspense queue">
        {(transfers) =>
          transfers.length === 0 ? (
            <Empty>Nothing is held in suspense.</Empty>
          ) : (
            <ul className="ops-cases">
              {transfers.map((transfer) => (
                <SuspendedRow key={transfer.incoming_transfer_id} transfer={transfer} onDone={() => record.reload()} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

function SuspendedRow({ transfer, onDone }: { transfer: SuspendedTransfer; onDone: () => void }) {
  const suggested = transfer.suggested_customer;
  const [open, setOpen] = useState<MoneyRequestKind | null>(null);
  const [customerId, setCustomerId] = useState(suggested ? String(suggested.id) : '');
  return (
    <li className="ops-case">
      <p>
        <Naira amount={transfer.amount} /> from {transfer.sender_name} ({transfer.sender_bank}) to{' '}
        {transfer.account_number} · {transfer.provider} · <code>{transfer.reference}</code> ·{' '}
        <When at={transfer.received_at} />
      </p>
      <p className="hint">{transfer.suggestion}</p>
      {suggested && (
        <p>
          Points at <Link to={`/customers/${suggested.id}`}>{suggested.name}</Link> ({suggested.email})
        </p>
      )}
      {transfer.pending_request_id !== null ? (
        <p className="hint">Request #{transfer.pending_request_id} is waiting for approval (Approvals).</p>
      ) : open ? (
        <MoneyRequestForm
          kind={open}
          customerId={open === 'suspense-match' ? Number(customerId) : null}
          incomingTransferId={transfer.incoming_transfer_id}
          onClose={() => setOpen(null)}
          onDone={onDone}
        />
      ) : (
        <div className="ops-row">
          <label className="field-label ops-inline">
            Customer number
            <input
              className="input"
              inputMode="numeric"
              value={customerId}
              onChange={(event) => setCustomerId(event.target.value.replace(/\D/g, ''))}
            />
          </label>
          <button
            type="button"
            className="btn btn-primary btn-small"
            disabled={customerId === ''}
            onClick={() => setOpen('suspense-match')}
          >
            Match to this customer…
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setOpen('suspense-return')}>
            Record return to sender…
          </button>
        </div>
      )}
    </li>
  );
}
