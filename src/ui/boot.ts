// The one script a built page names (scripts/routePages.ts writes its tag). Every page already
// holds its first screen as HTML, so the page can be read before any of the app's code arrives;
// this module waits until that screen has painted, and only then asks for the app's code (the
// files the page lists on this script's tag, all in one wave) and starts it. A phone on a slow
// network then shows the page as soon as its HTML is in, instead of sharing the network with
// about 100 KB of scripts first. It imports nothing, so it costs the page one small request.
//
// `npm run dev` does not use it: index.html names src/ui/main.tsx directly.

/** The tag that loaded this module, with the app's entry and the files it needs. */
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');

/** However the first paint is told (or not told), the app starts once. */
let started = false;

/**
 * Runs `step` in a task of its own, after what is queued (a message, unlike a timer, is not
 * held back when tasks nest).
 */
function inNextTask(step: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = step;
  channel.port2.postMessage(null);
}

/**
 * Asks for the page's files, one request a task (starting a request is work on the main thread,
 * more so with devtools attached, and a dozen at once made one long task), then starts the app.
 */
function start(): void {
  if (started || !tag) return;
  started = true;
  const files = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
  const next = () => {
    const href = files.shift();
    if (href === undefined) return void document.head.append(element('script', { type: 'module', src: tag.dataset.app! }));
    document.head.append(element('link', { rel: 'modulepreload', href }));
    inNextTask(next);
  };
  next();
}

/** A script or preload of the app's code, fetched as Vite's tags fetch it (CORS, same origin). */
function element(name: 'script' | 'link', attributes: Record<string, string>): HTMLElement {
  const created = document.createElement(name);
  for (const [key, value] of Object.entries({ crossorigin: '', ...attributes })) created.setAttribute(key, value);
  return created;
}

/**
 * Calls `start` once the page's largest content has painted (the browser's own report of it),
 * or its first content where that report is not supported. A hidden page paints nothing until
 * it is shown, so it starts at once; and should no report ever come, it starts after a while.
 */
function afterFirstPaint(): void {
  if (document.visibilityState !== 'visible') return start();
  const supported = PerformanceObserver.supportedEntryTypes ?? [];
  const type = supported.includes('largest-contentful-paint') ? 'largest-contentful-paint' : supported.includes('paint') ? 'paint' : undefined;
  if (type) {
    const observer = new PerformanceObserver(() => {
      observer.disconnect();
      // The next task: the paint this reports is on screen, and the report's own work is done.
      setTimeout(start, 0);
    });
    observer.observe({ type, buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // No browser fails to paint a page of text; a safety net all the same, long after any paint.
  setTimeout(start, 3000);
  document.addEventListener('visibilitychange', start, { once: true });
}

afterFirstPaint();
