import { useT } from './language';

/** What a lazy screen shows while its code arrives over a slow connection. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t(/*i18n*/ { id: 'kit.loading', message: 'Loading…' })}</span>
    </div>
  );
}
