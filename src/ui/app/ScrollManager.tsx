import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { isHydrating, startSoon } from './hydration';

const STORAGE_KEY = 'scroll-positions';
// Read on first use, not when the module loads: nothing reads storage before the first frame is hydrated.
let saved: Map<string, number> | undefined;
const positions = () => (saved ??= new Map<string, number>(readSaved()));

function readSaved(): [string, number][] {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

function save(key: string, y: number) {
  positions().set(key, y);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions())));
  } catch {
    // Private mode or a full quota: positions still live for this page's lifetime.
  }
}

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

function hashTarget(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/**
 * Runs `attempt` now and again whenever the page changes, until it succeeds or a second has
 * passed: a lazy screen renders its content a moment after the route changes.
 */
function untilDone(attempt: () => boolean): () => void {
  if (attempt()) return () => undefined;
  const observer = new MutationObserver(() => attempt() && observer.disconnect());
  observer.observe(document.body, { childList: true, subtree: true });
  const timer = window.setTimeout(() => observer.disconnect(), 1_000);
  return () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
}

/** Scrolls for the location just drawn; returns what stops a scroll still waiting for its content. */
function placeScroll(hash: string, key: string, navigationType: string): () => void {
  const position = hash || navigationType !== 'POP' ? undefined : positions().get(key);
  return untilDone(() => {
    if (hash) {
      const target = hashTarget(hash);
      target?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      return target !== null;
    }
    window.scrollTo(0, position ?? 0);
    return position === undefined || Math.abs(window.scrollY - position) < 2;
  });
}

/** Whether the document was opened afresh (a link, its address), not reloaded or reached by back or forward. */
function openedAfresh(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'navigate';
}

/**
 * The scroll behaviour: a hash link scrolls smoothly to its element (instantly when the
 * user asked for reduced motion); otherwise back/forward and a reload restore the saved position,
 * and any other move within the app goes to the top.
 */
export function ScrollManager() {
  const { hash, key: entry, pathname } = useLocation();
  // Every page opened by its address (not by the app) is history entry "default": the path keeps
  // one page's position from being restored on another (the login's on the dashboard, say).
  const key = entry + pathname;
  const navigationType = useNavigationType();

  // Remember where the user was on the page being left.
  useLayoutEffect(() => () => save(key, window.scrollY), [key]);

  // While the page is hydrated, the scroll is placed in a task of its own, not in the commit that
  // draws the first screen: reading the saved positions and scrolling both make the browser lay
  // the page out, one more long task on a slow phone.
  useLayoutEffect(() => {
    // The app places every page itself, a reloaded one too (its position is saved in the tab).
    history.scrollRestoration = 'manual';
    // A page opened afresh is where the browser put it: at the top, or where its user has scrolled
    // the page painted from its HTML while the app loaded (moving them back would lose their place).
    // Nothing to restore, so nothing read from storage and no layout forced on a slow phone.
    if (!hash && isHydrating() && openedAfresh()) return;
    let stop = () => {};
    return startSoon(
      () => (stop = placeScroll(hash, key, navigationType)),
      () => stop(),
    );
  }, [hash, key, navigationType]);

  return null;
}
