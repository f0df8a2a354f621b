import { Link } from 'react-router-dom';
import { Brand } from './Brand';

/** The footer of the public pages: what the product is, and the legal texts. */
export function SiteFooter() {
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
        <p className="site-footer-legal">© {new Date().getFullYear()} Naira Wallet. Payments are processed in Nigerian naira (₦).</p>
      </div>
    </footer>
  );
}
