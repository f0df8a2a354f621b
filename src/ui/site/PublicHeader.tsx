import { Link } from 'react-router-dom';
import { Brand } from '../kit/Brand';
import { LanguagePicker } from '../kit/LanguagePicker';

/**
 * The header of the public pages: brand and the way in. It reads no session, so these pages
 * load without one; /login sends a user who is already signed in on to the dashboard.
 */
export function PublicHeader() {
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Brand />
        <nav className="site-header-nav" aria-label="Account">
          <Link to="/login" className="btn btn-link btn-small">
            Log in
          </Link>
          <Link to="/register" className="btn btn-primary btn-small">
            Sign up
          </Link>
        </nav>
        <LanguagePicker />
      </div>
    </header>
  );
}
