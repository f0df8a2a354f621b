import { Link, useLocation } from 'react-router-dom';
import { forgotPinPath } from '../../domain/app/routes';
import { useT } from '../kit/language';

/** "Forgot pin?": to /reset-pin, which brings the user back to this screen once the pin is reset. */
export function ForgotPinLink() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Link className="btn-link forgot-pin-link" to={forgotPinPath(pathname)}>
      {t(/*i18n*/ { id: 'pinDialog.forgot', message: 'Forgot pin?' })}
    </Link>
  );
}
