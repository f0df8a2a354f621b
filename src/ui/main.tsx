import { startTransition } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { loadInspector } from './app/inspector';
import { nextTask } from '../../core/nextTask';
import { hydrationStarts, whenAppIdle } from './app/hydration';
import { preloadRoute } from './app/routes';
import { speakChosenLanguage } from './kit/language';
import './kit/global.css';

// The declarative router: the data router's extra features would cost the landing page about
// 16 KB gzip of its 100 KB budget, and nothing here loads data through routes.
// No <StrictMode>: its development-only double mount restarts each screen's machine, and a
// screen that calls the API on opening (verify-email's automatic resend) would call it twice.
const app = (
  <BrowserRouter>
    <App />
  </BrowserRouter>
);

/**
 * Every route's page holds its first screen, rendered at build time (src/ui/prerender.tsx): React
 * takes that HTML over (hydration) once the route's code is here (the boot module asked for all
 * of it at once). A mismatch would be a recoverable error: it is reported, and a test fails on
 * any. A page without that HTML (`npm run dev`) is drawn instead. Either way in a transition:
 * React then works in slices that leave the main thread free between them, where a default
 * update would be one long task (the page is already painted: nothing waits for it but input).
 */
async function start() {
  // The placeholders pulse (and pending payments' icons turn) with endless CSS animations, each
  // telling the page at every turn. Nothing of the app listens to those turns, but React hears
  // every event at its root, and while it hydrates each one is a long piece of work on a slow
  // phone: they stop before reaching it. (A toast's animations end, which the toaster hears.)
  window.addEventListener('animationiteration', (event) => event.stopPropagation(), { capture: true });
  // The inspector (its own build only, `?inspect`) must exist before the session's actor does.
  await loadInspector(location.search);
  // Each step's code runs in a task of its own: React DOM alone is about half the app's script
  // to run, and all of it in one task would keep a slow phone from answering a tap for as long.
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  await preloadRoute(location.pathname, nextTask);
  const inPageLanguage = await speakChosenLanguage();
  await nextTask();
  const container = document.getElementById('root')!;
  // A page in another language than the visitor's (the precache's English) is drawn anew.
  if (!inPageLanguage) container.replaceChildren();
  startTransition(() => {
    if (container.hasChildNodes()) {
      hydrationStarts();
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('hydration:', error) });
    } else createRoot(container).render(app);
  });
  // The service worker (offline use, precached files) registers once the page runs and the
  // browser is idle: a page painted from its HTML has loaded long before it is usable, and its
  // chunk, the manifest with its icon, and the precache's downloads would otherwise compete with
  // hydrating the page and with the first requests' answers on a slow phone and link.
  whenAppIdle(() => void import('./app/serviceWorker').then((worker) => worker.registerServiceWorker()));
}

// Not a top-level await: the lazy modules import this chunk.
void start();
