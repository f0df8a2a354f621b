import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { inNextTask } from '../../../core/nextTask';

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
  if (hash) {
    return untilDone(() => {
      const target = hashTarget(hash);
      target?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
      return target !== null;
    });
  }
  const position = navigationType === 'POP' ? positions().get(key) : undefined;
  if (position === undefined) {
    window.scrollTo(0, 0);
    return () => undefined;
  }
  return untilDone(() => {
    window.scrollTo(0, position);
    return Math.abs(window.scrollY - position) < 2;
  });
}

/**
 * The scroll behaviour: a hash link scrolls smoothly to its element (instantly when the
 * user asked for reduced motion); otherwise back/forward restores the saved position, and any
 * other move goes to the top.
 */
export function ScrollManager() {
  const { hash, key } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    history.scrollRestoration = 'manual';
  }, []);

  // Remember where the user was on the page being left.
  useLayoutEffect(() => () => save(key, window.scrollY), [key]);

  // The page's first screen is left where the browser put it in the commit that draws it, and
  // placed in a task of its own: reading the saved positions and scrolling both make the browser
  // lay the page out, and in the commit of a hydrating page that is one more long task on a slow phone.
  const placed = useRef(false);
  useLayoutEffect(() => {
    const place = () => placeScroll(hash, key, navigationType);
    if (placed.current) return place();
    placed.current = true;
    let cancel: (() => void) | undefined;
    const cancelTask = inNextTask(() => (cancel = place()));
    return () => {
      cancelTask();
      cancel?.();
    };
  }, [hash, key, navigationType]);

  return null;
}
