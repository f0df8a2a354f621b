import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../kit/useDocumentTitle';

/** Any protected path without a screen: a page not built yet, or a mistyped address. */
export default function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page-narrow status-page">
      <p className="status-code" aria-hidden="true">
        404
      </p>
      <h1 className="page-title">This page isn't here yet</h1>
      <p>It may be coming soon, or the address may be mistyped. Your wallet and payments are safe.</p>
      <div className="status-page-actions">
        <Link to="/dashboard" className="btn btn-primary">
          Back to your dashboard
        </Link>
      </div>
    </div>
  );
}
