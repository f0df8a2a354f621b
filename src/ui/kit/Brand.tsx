import { Link } from 'react-router-dom';

/** The product's mark and name, linking to where "home" is for the reader (landing or dashboard). */
export function Brand({ to = '/', label = 'Naira Wallet home' }: { to?: string; label?: string }) {
  return (
    <Link to={to} className="brand" aria-label={label}>
      <span className="brand-mark" aria-hidden="true">
        ₦
      </span>
      Naira Wallet
    </Link>
  );
}
