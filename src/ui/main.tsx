import { startTransition } from 'react';
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
// The first page is drawn once its code is here (the route's page asked for all of it at once),
// in a transition: React then renders in slices that leave the main thread free between them
// instead of one long task (issue 13: total blocking time). Not a top-level await: the lazy
// modules import this chunk, and would wait for it to finish evaluating.
const root = createRoot(document.getElementById('root')!);
void preloadRoute(location.pathname).then(() =>
  startTransition(() =>
    root.render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    ),
  ),
);
