import { useSessionSelector } from '../app/SessionContext';
import { useT } from './language';
import { LOADING } from './PageLoading';

/**
 * The session's loading overlay (its `loading` flag): it covers the page while a call a
 * flow started is in progress. The status region stays mounted so screen readers hear
 * "Loading…" when it appears.
 */
export function LoadingOverlay() {
  const loading = useSessionSelector((s) => s.context.loading);
  const t = useT();
  return (
    <div className="loading-overlay" data-active={loading} role="status">
      {loading && (
        <div className="loading-overlay-panel">
          <span className="spinner" aria-hidden="true" />
          <span>{t(LOADING)}</span>
        </div>
      )}
    </div>
  );
}
