import type { FormEvent } from 'react';
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { MONEY_REQUEST_LABELS, type MoneyRequestKind } from '../../../core/console';
import { useFlow } from '../kit/useFlow';
import { moneyRequestMachine } from '../../machines/console/moneyRequest';
import { CodeField } from './components';

/**
 * The maker's form (moneyRequest): what and why, then their own code; nothing moves until another
 * finance user approves.
 */
export function MoneyRequestForm({
  kind,
  customerId,
  incomingTransferId,
  onClose,
  onDone,
}: {
  kind: MoneyRequestKind;
  customerId: number | null;
  incomingTransferId: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const actor = useFlow(moneyRequestMachine, { kind, customerId, incomingTransferId });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  useEffect(() => {
    if (state === 'requested') {
      onDone();
      onClose();
    }
  }, [state, onDone, onClose]);
  const change = (field: 'amount' | 'reason' | 'code') => (value: string) =>
    actor.send({ type: 'money.change', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'money.submit' });
  };
  return (
    <form className="ops-money-form" onSubmit={submit} noValidate aria-label={MONEY_REQUEST_LABELS[kind]}>
      <h3>{MONEY_REQUEST_LABELS[kind]}</h3>
      {state === 'editing' ? (
        <>
          {incomingTransferId === null && (
            <label className="field-label">
              Amount (₦)
              <input
                className="input"
                inputMode="decimal"
                value={context.amount}
                onChange={(event) => change('amount')(event.target.value)}
                autoFocus
              />
            </label>
          )}
          <label className="field-label">
            Reason (whoever approves and whoever audits will read it)
            <textarea
              className="input textarea"
              value={context.reason}
              onChange={(event) => change('reason')(event.target.value)}
            />
          </label>
        </>
      ) : (
        <>
          <p className="hint">Confirm it is you: the request then waits for another finance user's approval.</p>
          <CodeField value={context.code} onChange={change('code')} />
        </>
      )}
      <div className="ops-row">
        <button type="submit" className="btn btn-primary btn-small" aria-busy={busy || undefined} disabled={busy}>
          {state === 'editing' ? 'Continue' : 'Send for approval'}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={state === 'editing' ? onClose : () => actor.send({ type: 'money.back' })}
        >
          {state === 'editing' ? 'Cancel' : 'Back'}
        </button>
      </div>
    </form>
  );
}
