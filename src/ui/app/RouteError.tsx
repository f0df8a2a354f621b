import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useT } from '../kit/language';

/**
 * Shown when a screen fails to render, most often because its code could not be downloaded
 * (a dropped connection, or a new release replaced the files). Reloading fixes both.
 */
export function RouteError() {
  const t = useT();
  const title = t(/*i18n*/ { id: 'app.failed.title', message: 'Something went wrong' });
  useDocumentTitle(title);
  return (
    <main className="page page-narrow status-page">
      <h1>{title}</h1>
      <p>
        {t(
          /*i18n*/ {
            id: 'app.failed.text',
            message: 'This page could not be loaded. Check your internet connection, then reload the page.',
          },
        )}
      </p>
      <div className="status-page-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t(/*i18n*/ { id: 'app.failed.reload', message: 'Reload page' })}
        </button>
        <Link to="/" className="btn btn-secondary">
          {t(/*i18n*/ { id: 'app.failed.home', message: 'Go to the home page' })}
        </Link>
      </div>
    </main>
  );
}
