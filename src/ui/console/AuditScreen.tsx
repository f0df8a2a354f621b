import { useState, type FormEvent } from 'react';
import type { AuditFilter } from '../../../core/console';
import { Empty, Loaded, When } from './components';
import { useRecord } from './flows';

/** The staff audit, newest first, filtered by action, staff member or customer. */
export function AuditScreen() {
  const [fields, setFields] = useState({ action: '', staff: '', customer: '' });
  const record = useRecord('audit', {});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filter: AuditFilter = {
      ...(fields.action ? { action: fields.action.trim() } : {}),
      ...(fields.staff ? { staff_id: Number(fields.staff) } : {}),
      ...(fields.customer ? { customer_id: Number(fields.customer) } : {}),
    };
    record.reload(filter);
  };
  const digits = (value: string) => value.replace(/\D/g, '');
  return (
    <>
      <h1>Audit</h1>
      <form className="ops-search" onSubmit={submit} aria-label="Filter the audit">
        <label className="field-label">
          Action starts with
          <input
            className="input"
            value={fields.action}
            placeholder="money."
            onChange={(event) => setFields({ ...fields, action: event.target.value })}
          />
        </label>
        <label className="field-label">
          Staff number
          <input
            className="input"
            inputMode="numeric"
            value={fields.staff}
            onChange={(event) => setFields({ ...fields, staff: digits(event.target.value) })}
          />
        </label>
        <label className="field-label">
          Customer number
          <input
            className="input"
            inputMode="numeric"
            value={fields.customer}
            onChange={(event) => setFields({ ...fields, customer: digits(event.target.value) })}
          />
        </label>
        <button type="submit" className="btn btn-primary btn-small">
          Filter
        </button>
      </form>
      <Loaded record={record} what="the audit">
        {(entries) =>
          entries.length === 0 ? (
            <Empty>Nothing recorded matches.</Empty>
          ) : (
            <table className="ops-table">
              <thead>
                <tr>
                  <th>When</th>
                  <th>Who</th>
                  <th>Action</th>
                  <th>Subject</th>
                  <th>From</th>
                  <th>Change</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <When at={entry.at} />
                    </td>
                    <td>{entry.actor}</td>
                    <td>
                      <code>{entry.action}</code>
                    </td>
                    <td>
                      {entry.subject ?? ''}
                      {entry.customer_id !== null ? ` (customer ${entry.customer_id})` : ''}
                    </td>
                    <td>{entry.address ?? 'command line'}</td>
                    <td>
                      <code className="ops-json">{entry.after === null ? '' : JSON.stringify(entry.after)}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </>
  );
}
