// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { showToast } from '../../../src/ui/kit/toaster';

describe('showToast', () => {
  afterEach(cleanup);

  it('shows a message said again (a second wrong pin) afresh, never twice at once', async () => {
    render(<ToastContainer />);
    act(() => showToast('error', 'transaction pin not correct'));
    const first = await screen.findByRole('alert');
    expect(first.textContent).toContain('transaction pin not correct');
    act(() => showToast('error', 'transaction pin not correct'));
    // The earlier toast is on its way out (no longer an alert); the new one is the only one.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).not.toBe(first);
    expect(alerts[0].textContent).toContain('transaction pin not correct');
  });
});
