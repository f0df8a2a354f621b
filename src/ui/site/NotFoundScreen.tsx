import { Link } from 'react-router-dom';
import { useT } from '../kit/language';
import { useDocumentTitle } from '../kit/useDocumentTitle';

/** Any protected path without a screen: a page not built yet, or a mistyped address. */
export default function NotFoundScreen() {
  const t = useT();
  useDocumentTitle(t(/*i18n*/ { id: 'site.notFound.title', message: 'Page not found' }));
  return (
    <div className="page page-narrow status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">{t(/*i18n*/ { id: 'site.notFound.heading', message: "This page isn't here yet" })}</h1>
      <p>
        {t(
          /*i18n*/ {
            id: 'site.notFound.text',
            message: 'It may be coming soon, or the address may be mistyped. Your wallet and payments are safe.',
          },
        )}
      </p>
      <div className="status-page-actions">
        <Link to="/dashboard" className="btn btn-primary">
          {t(/*i18n*/ { id: 'site.notFound.back', message: 'Back to your dashboard' })}
        </Link>
      </div>
    </div>
  );
}
