import type { FormEvent, ReactNode } from 'react';
import { formatNaira } from '../../../core/money';
import { formatDateTime } from '../../domain/kit/dateTime';
import type { ActionArgs, ActionData, ActionName } from '../../machines/console/consoleCalls';
import { useAction } from './flows';

/** Small building blocks of the console's screens. */

export const Naira = ({ amount }: { amount: number }) => <span className="ops-money">{formatNaira(amount)}</span>;

export const When = ({ at }: { at: string | null }) =>
  at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span className="hint">—</span>;

export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="ops-section" aria-label={title}>
      <header className="ops-section-head">
        <h2>{title}</h2>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** A record's three faces: loading, failed with Try again, or its content. */
export function Loaded<T>({
  record,
  children,
  what,
}: {
  record: { data: T | null; failed: boolean; retry: () => void };
  children: (data: T) => ReactNode;
  what: string;
}) {
  if (record.failed)
    return (
      <p role="alert" className="ops-problem">
        {`We could not load ${what}.`}{' '}
        <button type="button" className="btn-link" onClick={record.retry}>
          Try again
        </button>
      </p>
    );
  if (record.data === null)
    return (
      <p role="status" className="hint">
        {`Loading ${what}…`}
      </p>
    );
  return <>{children(record.data)}</>;
}

export const Empty = ({ children }: { children: ReactNode }) => <p className="ops-empty">{children}</p>;

/** A column of a console table: its heading (empty over a column of buttons) and what a row shows in it. */
export interface Column<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
}

/**
 * Every list staff read as a table, in one markup, with the sentence shown instead when there is
 * nothing to list. `setApart` marks rows that need a look (a bill processing for over an hour).
 */
export function OpsTable<Row>({
  rows,
  columns,
  rowKey,
  empty,
  setApart,
}: {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => string | number | bigint;
  empty: ReactNode;
  setApart?: (row: Row) => boolean;
}) {
  if (rows.length === 0) return <Empty>{empty}</Empty>;
  return (
    <table className="ops-table">
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index}>{column.title}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(rowKey(row))} data-stuck={setApart?.(row) || undefined}>
            {columns.map((column, index) => (
              <td key={index}>{column.cell(row)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A button that runs one staff action (consoleAction); with `noteLabel` it first asks for a note.
 * `onDone` reloads what the screen shows.
 */
export function ActionButton<K extends ActionName>({
  label,
  action: name,
  args,
  onDone,
  noteLabel,
  noteMin = 0,
  variant = 'secondary',
}: {
  label: string;
  action: K;
  args: ActionArgs<K>;
  /** Told what the action answered: the screen reads its record again. */
  onDone?: (data: ActionData<K>) => void;
  noteLabel?: string;
  noteMin?: number;
  variant?: 'primary' | 'secondary';
}) {
  const action = useAction(name, { noteMin: noteLabel ? Math.max(1, noteMin) : 0, onDone });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    action.submit();
  };
  if (action.writing && noteLabel)
    return (
      <form className="ops-note-form" onSubmit={submit} noValidate>
        <label className="field-label">
          {noteLabel}
          <textarea
            className="input textarea"
            value={action.note}
            autoFocus
            onChange={(event) => action.setNote(event.target.value)}
          />
        </label>
        <div className="ops-row">
          <button
            type="submit"
            className="btn btn-primary btn-small"
            aria-busy={action.busy || undefined}
            disabled={action.busy}
          >
            {label}
          </button>
          <button type="button" className="btn btn-secondary btn-small" onClick={action.cancel}>
            Cancel
          </button>
        </div>
      </form>
    );
  return (
    <button
      type="button"
      className={`btn btn-${variant} btn-small`}
      aria-busy={action.busy || undefined}
      disabled={action.busy}
      onClick={() => action.start(args)}
    >
      {action.busy && <span className="spinner" aria-hidden="true" />}
      {label}
    </button>
  );
}

/** The six-digit code field of every re-authentication. */
export function CodeField({
  value,
  onChange,
  label = 'Code from your authenticator app',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}) {
  return (
    <label className="field-label ops-code">
      {label}
      <input
        className="input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        autoFocus
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
