import type { ReactNode } from 'react';

/** The form's main button; while busy it stays focusable but announces the wait. */
export function SubmitButton({ busy, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="btn btn-primary btn-block" aria-busy={busy || undefined} disabled={busy}>
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
