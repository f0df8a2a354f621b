import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '../kit/Brand';
import { useT } from '../kit/language';
import { logIn, policyTitle, termsTitle } from './siteWords';

/** The year the app was built (vite.config.ts): the prerendered page's, corrected once hydrated. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR ?? new Date().getFullYear());
const noChanges = () => () => undefined;
const thisYear = () => new Date().getFullYear();

/** The footer of the public pages: what the product is, and the legal texts. */
export function SiteFooter() {
  const t = useT();
  const year = useSyncExternalStore(noChanges, thisYear, () => BUILD_YEAR);
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div className="site-footer-about">
          <Brand />
          <p>
            {t(
              /*i18n*/ {
                id: 'site.footer.about',
                message: 'Airtime, data, electricity, betting, cable TV and exam pins, paid from one naira wallet.',
              },
            )}
          </p>
        </div>
        <nav aria-label={t(/*i18n*/ { id: 'site.footer.nav', message: 'Legal and account' })}>
          <ul className="site-footer-links">
            <li>
              <Link to="/terms">{t(termsTitle)}</Link>
            </li>
            <li>
              <Link to="/policy">{t(policyTitle)}</Link>
            </li>
            <li>
              <Link to="/login">{t(logIn)}</Link>
            </li>
            <li>
              <Link to="/register">{t(/*i18n*/ { id: 'site.footer.register', message: 'Create account' })}</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer-legal">
          {t(
            /*i18n*/ {
              id: 'site.footer.legal',
              message: '© {year} Naira Wallet. Payments are processed in Nigerian naira (₦).',
            },
            { year: String(year) },
          )}
        </p>
      </div>
    </footer>
  );
}
