import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { useT } from './language';

interface LoadFailedProps {
  icon: ReactNode;
  title: string;
  /** What to check before trying again. */
  children: ReactNode;
  /** Asks the flow machine to load again. */
  onRetry: () => void;
}

/** What a list or page shows when it could not load: what failed, what to check, and Try again. */
export function LoadFailed({ icon, title, children, onRetry }: LoadFailedProps) {
  const t = useT();
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t(/*i18n*/ { id: 'kit.retry', message: 'Try again' })}
        </button>
      }
    >
      {children}
    </EmptyState>
  );
}
