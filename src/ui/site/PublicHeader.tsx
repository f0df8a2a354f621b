import { Link } from 'react-router-dom';
import { Brand } from '../kit/Brand';
import { useT } from '../kit/language';
import { LanguagePicker } from '../kit/LanguagePicker';
import { logIn } from './siteWords';

/**
 * The header of the public pages: brand and the way in. It reads no session, so these pages
 * load without one; /login sends a user who is already signed in on to the dashboard.
 */
export function PublicHeader() {
  const t = useT();
  return (
    <header className="site-header">
      <div className="container site-header-inner">
        <Brand />
        <nav className="site-header-nav" aria-label={t(/*i18n*/ { id: 'site.header.nav', message: 'Account' })}>
          <Link to="/login" className="btn btn-link btn-small">
            {t(logIn)}
          </Link>
          <Link to="/register" className="btn btn-primary btn-small">
            {t(/*i18n*/ { id: 'site.header.signUp', message: 'Sign up' })}
          </Link>
        </nav>
        <LanguagePicker />
      </div>
    </header>
  );
}
