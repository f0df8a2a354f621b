import { Link } from 'react-router-dom';
import { useT } from './language';

/** The product's mark and name, linking to where "home" is for the reader (landing or dashboard). */
export function Brand({ to = '/', label }: { to?: string; label?: string }) {
  const t = useT();
  return (
    <Link to={to} className="brand" aria-label={label ?? t(/*i18n*/ { id: 'kit.brand', message: 'Naira Wallet home' })}>
      <span className="brand-mark" aria-hidden="true">
        ₦
      </span>
      Naira Wallet
    </Link>
  );
}
