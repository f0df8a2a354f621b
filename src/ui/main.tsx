import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { preloadRoute, routes } from './app/routes';
import './styles/global.css';

function App() {
  return useRoutes(routes);
}

// The declarative router: the data router's extra features would cost the landing page about
// 16 KB gzip (DESIGN.md §5), and nothing here loads data through routes.
// No <StrictMode>: its development-only double mount restarts each screen's machine, and a
// screen that calls the API on opening (verify-email's automatic resend) would call it twice.
preloadRoute(location.pathname);
createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <App />
  </BrowserRouter>,
);
