import { useState, type FormEvent } from 'react';
import type { AuditFilter } from '../../../core/console';
import { Loaded, OpsTable, When } from './components';
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
        {(entries) => (
          <OpsTable
            rows={entries}
            rowKey={(entry) => entry.id}
            empty="Nothing recorded matches."
            columns={[
              { title: 'When', cell: (entry) => <When at={entry.at} /> },
              { title: 'Who', cell: (entry) => entry.actor },
              { title: 'Action', cell: (entry) => <code>{entry.action}</code> },
              {
                title: 'Subject',
                cell: (entry) =>
                  `${entry.subject ?? ''}${entry.customer_id !== null ? ` (customer ${entry.customer_id})` : ''}`,
              },
              { title: 'From', cell: (entry) => entry.address ?? 'command line' },
              {
                title: 'Change',
                cell: (entry) => (
                  <code className="ops-json">{entry.after === null ? '' : JSON.stringify(entry.after)}</code>
                ),
              },
            ]}
          />
        )}
      </Loaded>
    </>
  );
}
