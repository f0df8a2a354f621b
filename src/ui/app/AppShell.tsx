import { Outlet } from 'react-router-dom';
import { FooterTabs } from './FooterTabs';
import { Header } from './Header';
import { useT } from '../kit/language';

/** The frame of every signed-in screen: header, the main area, and the tabs. */
export default function AppShell() {
  const t = useT();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t(/*i18n*/ { id: 'app.skip', message: 'Skip to main content' })}
      </a>
      <Header />
      <main id="main" className="shell-main" tabIndex={-1}>
        <Outlet />
      </main>
      <FooterTabs />
    </div>
  );
}
