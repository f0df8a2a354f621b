import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../kit/useDocumentTitle';

/**
 * Shown when a screen fails to render, most often because its code could not be downloaded
 * (a dropped connection, or a new release replaced the files). Reloading fixes both.
 */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <main className="page page-narrow status-page">
      <h1>Something went wrong</h1>
      <p>This page could not be loaded. Check your internet connection, then reload the page.</p>
      <div className="status-page-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to="/" className="btn btn-secondary">
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
