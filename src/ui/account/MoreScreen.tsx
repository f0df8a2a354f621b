import { useT } from '../kit/language';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { AccountMenu } from './AccountMenu';
import { LanguageSetting } from './LanguageSetting';

/**
 * /more: the account menu as a page, the phone's More tab. A visitor with no
 * e-mail in state never gets here: the RequireUser guard logs out and sends them to /login.
 */
export default function MoreScreen() {
  const t = useT();
  const title = t(/*i18n*/ { id: 'account.more.title', message: 'More' });
  useDocumentTitle(title);
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{title}</h1>
        <p className="page-subtitle">
          {t(/*i18n*/ { id: 'account.more.subtitle', message: 'Your account, security and support.' })}
        </p>
      </header>
      <div className="card">
        <AccountMenu />
      </div>
      <LanguageSetting />
    </div>
  );
}
