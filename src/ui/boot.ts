// The one script a built page holds, written into the page itself (scripts/routePages.ts). Every
// page already holds its first screen as HTML, so the page can be read before any of the app's
// code arrives; this module waits until that screen has painted, and only then asks for the app's
// code (the files the page lists on this script's tag, all in one wave) and starts it. A phone on a
// slow network then shows the page as soon as its HTML is in, instead of sharing the network with
// about 100 KB of scripts first. It imports nothing, so it can be written into every page and
// costs no request of its own.
//
// `npm run dev` does not use it: index.html names src/ui/main.tsx directly.

/** This module's own tag, with the app's entry and the files it needs (a module has no `currentScript`). */
const tag = document.querySelector<HTMLScriptElement>('script[data-app]');

/** However the first paint is told (or not told), the app starts once. */
let started = false;

/** What the app says on `document` as the page's screen becomes React's, and once it runs (src/ui/app/hydration.ts). */
const HYDRATED = 'naira-wallet:hydrated';
const RUNNING = 'naira-wallet:running';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

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
    if (href === undefined)
      return void document.head.append(element('script', { type: 'module', src: tag.dataset.app! }));
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
 * or its first content where that report is not supported (Safari). A hidden page paints nothing
 * until it is shown, so it starts at once; and should no report ever come (a browser with
 * neither), it starts after a while.
 */
function afterFirstPaint(): void {
  if (document.visibilityState !== 'visible') return start();
  const type = PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ? 'largest-contentful-paint'
    : 'paint';
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    // The next task: the paint this reports is on screen, and the report's own work is done.
    setTimeout(start, 0);
  });
  observer.observe({ type, buffered: true });
  // No browser fails to paint a page of text; a safety net all the same, long after any paint.
  setTimeout(start, 3000);
  document.addEventListener('visibilitychange', start, { once: true });
}

/**
 * What a person does before the app has taken the page over is not lost. React draws each field
 * of a form with the value its state holds, empty, so what is typed until the app runs is noted
 * as it is typed and given to the app once it runs, as if typed then. A form sent meanwhile would
 * reload the page (the app sends its forms itself; they name no action), and a button pressed
 * would do nothing: each is held, and done again once the entries are in.
 */
function keepWhatComesFirst(): void {
  const typed = new Map<Field, string | boolean>();
  const held: (() => void)[] = [];
  const note = (event: Event) => {
    const field = event.target as Field;
    typed.set(
      field,
      field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
        ? field.checked
        : field.value,
    );
  };
  const hold = (event: SubmitEvent) => {
    event.preventDefault();
    const { submitter } = event;
    const form = event.target as HTMLFormElement;
    held.push(() => form.isConnected && form.requestSubmit(submitter));
  };
  const press = (event: MouseEvent) => {
    // A submit button sends its form (held above); any other button is the app's alone.
    const button = (event.target as Element).closest?.('button');
    if (!button || button.type === 'submit') return;
    event.preventDefault();
    event.stopPropagation();
    held.push(() => button.isConnected && button.click());
  };
  const noting = [
    ['input', note],
    ['change', note],
  ] as const;
  const holding = [
    ['submit', hold],
    ['click', press],
  ] as const;
  const listen = (listeners: readonly (readonly [string, (event: never) => void])[], on: boolean) => {
    for (const [type, listener] of listeners)
      (on ? document.addEventListener : document.removeEventListener).call(
        document,
        type,
        listener as EventListener,
        true,
      );
  };
  listen(noting, true);
  listen(holding, true);
  // The fields are React's and their machines run: what was typed goes in, before anything else can be.
  const hydrated = () => {
    listen(noting, false);
    for (const [field, entry] of typed) if (field.isConnected) enter(field, entry);
  };
  // The app's effects run (a machine's toast, a move to another page): what was sent or pressed is done.
  const running = () => {
    listen(holding, false);
    held.forEach((again) => again());
  };
  document.addEventListener(HYDRATED, hydrated, { once: true });
  document.addEventListener(RUNNING, running, { once: true });
}

/**
 * Gives the app an entry as the browser gives a typed one: the field changed, then the event React
 * listens to. React keeps its own note of each field's value (set by the field's own setter) and
 * hears a change only where the field differs from that note; the note is first set to the other
 * value, so that the entry reads as a change even where the field already shows it.
 */
function enter(field: Field, entry: string | boolean): void {
  if (field instanceof HTMLInputElement && typeof entry === 'boolean') {
    if (field.type === 'radio' && !entry) return;
    field.checked = !entry;
    field.click();
    return;
  }
  field.value = typeof entry === 'string' && entry === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, entry);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

keepWhatComesFirst();
afterFirstPaint();
