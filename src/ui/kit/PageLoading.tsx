/** What a lazy screen shows while its code arrives over a slow connection. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
