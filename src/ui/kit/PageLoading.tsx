import { useT } from './language';

/** What every wait says: one literal, which the first pages download once. */
export const LOADING = /*i18n*/ { id: 'kit.loading', message: 'Loading…' };

/** What a lazy screen shows while its code arrives over a slow connection. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t(LOADING)}</span>
    </div>
  );
}
