import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { Brand } from '../kit/Brand';

/** The year the app was built (vite.config.ts): the prerendered page's, corrected once hydrated. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR ?? new Date().getFullYear());
const noChanges = () => () => undefined;
const thisYear = () => new Date().getFullYear();

/** The footer of the public pages: what the product is, and the legal texts. */
export function SiteFooter() {
  const year = useSyncExternalStore(noChanges, thisYear, () => BUILD_YEAR);
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <div className="site-footer-about">
          <Brand />
          <p>Airtime, data, electricity, betting, cable TV and exam pins, paid from one naira wallet.</p>
        </div>
        <nav aria-label="Legal and account">
          <ul className="site-footer-links">
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/login">Log in</Link>
            </li>
            <li>
              <Link to="/register">Create account</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer-legal">© {year} Naira Wallet. Payments are processed in Nigerian naira (₦).</p>
      </div>
    </footer>
  );
}
