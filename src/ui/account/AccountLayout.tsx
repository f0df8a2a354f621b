import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { useIsDesktop } from '../kit/useMediaQuery';
import { AccountMenu } from './AccountMenu';
import { useT } from '../kit/language';
import './account.css';

/**
 * The frame of the account pages (profile, password, pin, support). On desktop the account
 * menu sits beside them, since the rail's Profile tab is the way in; phones reach
 * the menu through the More tab instead.
 */
export function AccountLayout({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
  const titleId = useId();
  const desktop = useIsDesktop();
  const t = useT();
  return (
    <div className={desktop ? 'page account-page' : 'page page-narrow'}>
      {desktop && (
        <aside className="card account-aside" aria-label={t(/*i18n*/ { id: 'app.menu', message: 'Account menu' })}>
          <AccountMenu />
        </aside>
      )}
      <section className="account-content" aria-labelledby={titleId}>
        <header className="page-header">
          <h1 id={titleId} className="page-title">
            {title}
          </h1>
          <p className="page-subtitle">{subtitle}</p>
        </header>
        {children}
      </section>
    </div>
  );
}
