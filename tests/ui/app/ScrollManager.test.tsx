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

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ScrollManager />
      <Navigator />
    </MemoryRouter>,
  );
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

  it('forgets a hydrated page unmounted before its task ran', async () => {
    hydrationStarts();
    const { unmount } = renderAt('/activities');
    hydrationEnds();
    unmount();
    await nextTask();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
