// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEffect } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { ScrollManager } from '../../../src/ui/app/ScrollManager';
import { nextTask } from '../../../core/nextTask';
import { hydrationEnds, hydrationStarts } from '../../../src/ui/app/hydration';

const router: { navigate?: NavigateFunction } = {};
function Navigator() {
  const navigate = useNavigate();
  useEffect(() => void (router.navigate = navigate));
  return null;
}

let scrollY = 0;
const scrollTo = vi.fn((_x: number, y: number) => void (scrollY = y));

function renderAt(path: string, Manager = ScrollManager) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Manager />
      <Navigator />
    </MemoryRouter>,
  );
}

/** The manager as a newly loaded page has it: nothing read from the tab's storage yet. */
async function loadedAfresh() {
  vi.resetModules();
  const [manager, hydration] = await Promise.all([
    import('../../../src/ui/app/ScrollManager'),
    import('../../../src/ui/app/hydration'),
  ]);
  return { Manager: manager.ScrollManager, ...hydration };
}

/** The document's navigation entry, as the browser records how the page was opened (jsdom records none). */
function openedBy(type: NavigationTimingType) {
  const entry = { entryType: 'navigation', type, name: location.href, startTime: 0, duration: 0, toJSON: () => ({}) };
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([entry]);
}

describe('ScrollManager', () => {
  beforeEach(() => {
    scrollY = 0;
    scrollTo.mockClear();
    sessionStorage.clear();
    vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('places a hydrated page in a task of its own, not in the commit that draws it', async () => {
    hydrationStarts();
    renderAt('/activities');
    hydrationEnds();
    // Nothing read or scrolled while the first frame is committed (a hydrating page's long task).
    expect(scrollTo).not.toHaveBeenCalled();
    await act(nextTask);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
  });

  it('places a page drawn on a running app at once, itself (a reload too)', () => {
    renderAt('/activities');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    expect(history.scrollRestoration).toBe('manual');
  });

  it('goes to the top on a move, at once, and back to the saved position on going back', async () => {
    renderAt('/activities');
    await act(nextTask);
    scrollY = 640;
    act(() => void router.navigate!('/dashboard'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => void router.navigate!(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    expect(scrollY).toBe(640);
  });

  it('restores a page opened by its address only on that page, not on another opened so', () => {
    // Signed in on /login, scrolled to its button: the app moves on to the dashboard.
    const login = renderAt('/login');
    scrollY = 480;
    act(() => void router.navigate!('/dashboard'));
    login.unmount();
    // Another page opened by its address in the same tab starts at the top.
    scrollTo.mockClear();
    renderAt('/airtime').unmount();
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 0);
    // The login page opened again (a reload) is placed where it was left.
    scrollTo.mockClear();
    renderAt('/login');
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 480);
  });

  it('leaves a page opened afresh where the browser and its user put it: nothing read, nothing scrolled', async () => {
    openedBy('navigate');
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    sessionStorage.setItem('scroll-positions', JSON.stringify({ 'default/activities': 300 }));
    const page = await loadedAfresh();
    // The user scrolled the page painted from its HTML before the app took it over.
    scrollY = 220;
    page.hydrationStarts();
    renderAt('/activities', page.Manager);
    page.hydrationEnds();
    await act(nextTask);
    expect(scrollTo).not.toHaveBeenCalled();
    expect(getItem).not.toHaveBeenCalled();
    expect(history.scrollRestoration).toBe('manual');
    // Moved on and back within the app, the page is placed where it was left.
    act(() => void router.navigate!('/dashboard'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => void router.navigate!(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 220);
  });

  it('places a reloaded page where it was left, in the task after the one that hydrates it', async () => {
    openedBy('reload');
    sessionStorage.setItem('scroll-positions', JSON.stringify({ 'default/activities': 300 }));
    const page = await loadedAfresh();
    page.hydrationStarts();
    renderAt('/activities', page.Manager);
    page.hydrationEnds();
    expect(scrollTo).not.toHaveBeenCalled();
    await act(nextTask);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith(0, 300);
  });

  it('forgets a hydrated page unmounted before its task ran', async () => {
    hydrationStarts();
    const { unmount } = renderAt('/activities');
    hydrationEnds();
    unmount();
    await nextTask();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
