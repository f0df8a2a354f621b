import type { FormEvent } from 'react';
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { passkeysSupported } from '../../machines/kit/passkeySupport';
import { Link } from 'react-router-dom';
import { MONEY_REQUEST_LABELS, type MoneyRequest } from '../../../core/console';
import { useFlow } from '../kit/useFlow';
import { moneyApprovalMachine } from '../../machines/console/moneyApproval';
import { CodeField, Empty, Loaded, Naira, When } from './components';
import { useRecord } from './flows';
import { useStaff } from './staffContext';

/** Money requests: pending ones first, each decided by someone other than who asked. */
export function ApprovalsScreen() {
  const record = useRecord('moneyRequests', null);
  return (
    <>
      <h1>Approvals</h1>
      <Loaded record={record} what="the money requests">
        {(requests) =>
          requests.length === 0 ? (
            <Empty>No money request yet.</Empty>
          ) : (
            <ul className="ops-cases">
              {requests.map((request) => (
                <RequestRow key={request.id} request={request} onDone={() => record.reload()} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

function RequestRow({ request, onDone }: { request: MoneyRequest; onDone: () => void }) {
  return (
    <li className="ops-case" data-status={request.status} aria-label={`Request ${request.id}`}>
      <p>
        <strong>#{request.id}</strong> {MONEY_REQUEST_LABELS[request.kind]} · <Naira amount={request.amount} /> ·{' '}
        {request.status}
        {request.needs_admin && ' · needs an admin'}
      </p>
      <p>
        {request.customer && (
          <>
            For <Link to={`/customers/${request.customer.id}`}>{request.customer.name}</Link> ({request.customer.email}
            ).{' '}
          </>
        )}
        {request.transfer && (
          <>
            Transfer <code>{request.transfer.reference}</code> from {request.transfer.sender_name}.{' '}
          </>
        )}
        Asked by {request.maker} <When at={request.created_at} />, expires <When at={request.expires_at} />.
      </p>
      <p className="hint">“{request.reason}”</p>
      {request.status === 'pending' ? (
        <Decision request={request} onDone={onDone} />
      ) : (
        request.checker && (
          <p className="hint">
            {request.status} by {request.checker} <When at={request.decided_at} />
            {request.decision_note ? `: ${request.decision_note}` : ''}
          </p>
        )
      )}
    </li>
  );
}

function Decision({ request, onDone }: { request: MoneyRequest; onDone: () => void }) {
  const staff = useStaff();
  const actor = useFlow(moneyApprovalMachine, { requestId: request.id });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  useEffect(() => {
    if (state === 'decided') onDone();
  }, [state, onDone]);
  const own = request.maker_id === staff.id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'approval.submit' });
  };
  if (state === 'reviewing' || state === 'cancelling')
    return own ? (
      <div className="ops-row">
        <p className="hint">You asked for this: another finance user must approve it.</p>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={busy}
          onClick={() => actor.send({ type: 'approval.cancel' })}
        >
          Withdraw
        </button>
      </div>
    ) : (
      <div className="ops-row">
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => actor.send({ type: 'approval.approve' })}
        >
          Approve…
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => actor.send({ type: 'approval.reject' })}
        >
          Turn down…
        </button>
      </div>
    );
  if (state === 'confirming' || state === 'approving' || state === 'approvingWithPasskey')
    return (
      <form onSubmit={submit} noValidate aria-label="Approve with your code">
        <p className="hint">
          Approving moves <Naira amount={request.amount} /> now. Confirm it is you.
        </p>
        <CodeField
          value={context.code}
          onChange={(value) => actor.send({ type: 'approval.change', field: 'code', value })}
        />
        <div className="ops-row">
          <button type="submit" className="btn btn-primary btn-small" aria-busy={busy || undefined} disabled={busy}>
            Approve
          </button>
          {passkeysSupported() && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={busy}
              onClick={() => actor.send({ type: 'approval.passkey' })}
            >
              Approve with passkey
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => actor.send({ type: 'approval.back' })}
          >
            Back
          </button>
        </div>
      </form>
    );
  if (state === 'writingNote' || state === 'rejecting')
    return (
      <form onSubmit={submit} noValidate aria-label="Turn down">
        <label className="field-label">
          Why you turn it down
          <textarea
            className="input textarea"
            value={context.note}
            autoFocus
            onChange={(event) => actor.send({ type: 'approval.change', field: 'note', value: event.target.value })}
          />
        </label>
        <div className="ops-row">
          <button type="submit" className="btn btn-primary btn-small" aria-busy={busy || undefined} disabled={busy}>
            Turn down
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => actor.send({ type: 'approval.back' })}
          >
            Back
          </button>
        </div>
      </form>
    );
  return null;
}
