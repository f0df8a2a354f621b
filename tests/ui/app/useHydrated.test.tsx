// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { hydrationEnds, hydrationStarts } from '../../../src/ui/app/hydration';
import { useHydrated } from '../../../src/ui/app/useHydrated';

let seen: boolean[] = [];
function Probe() {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <p>{hydrated ? 'in the browser' : 'as prerendered'}</p>;
}

describe('useHydrated', () => {
  afterEach(() => {
    cleanup();
    seen = [];
  });

  it('is true at once for a screen mounted on a running app', () => {
    const { container } = render(<Probe />);
    expect(seen).toEqual([true]);
    expect(container.textContent).toBe('in the browser');
  });

  it('draws the prerendered frame over its HTML, then the browser’s, without a mismatch', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    // What the build wrote: rendered where there is no document.
    vi.stubGlobal('document', undefined);
    container.innerHTML = renderToString(<Probe />);
    vi.unstubAllGlobals();
    expect(container.textContent).toBe('as prerendered');
    const mismatch = vi.fn();
    hydrationStarts();
    try {
      await act(async () => void hydrateRoot(container, <Probe />, { onRecoverableError: mismatch }));
    } finally {
      hydrationEnds();
    }
    expect(mismatch).not.toHaveBeenCalled();
    expect(seen).toEqual([false, false, true]);
    expect(container.textContent).toBe('in the browser');
    container.remove();
  });
});
