// @vitest-environment jsdom
import { useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createActor } from 'xstate';
import { pinDialogMachine } from '../../../src/machines/account/pinDialog';
import { PinDialog } from '../../../src/ui/account/PinDialog';
import { ADA_PIN } from '../../../testkit/fixtures';
import { listeningOwner } from '../../../testkit/models/kit/listeningOwner';

/** Where "Forgot pin?" leads, with what it asks to come back to. */
function ResetPinStandIn() {
  const { pathname, search } = useLocation();
  return <p>{`Reset pin page ${pathname}${search}`}</p>;
}

function setup() {
  const { actor: owner, heard } = listeningOwner();
  const actor = createActor(pinDialogMachine, { input: { owner } }).start();

  /** The purchase form around the dialog: its Continue opens it, the way the purchase flow does. */
  function Form() {
    const continueButton = useRef<HTMLButtonElement>(null);
    return (
      <>
        <input aria-label="Amount" />
        <button ref={continueButton} type="button" onClick={() => actor.send({ type: 'pin.open' })}>
          Continue
        </button>
        <PinDialog actor={actor} returnFocus={continueButton} />
      </>
    );
  }
  render(
    <MemoryRouter initialEntries={['/airtime']}>
      <Routes>
        <Route path="/airtime" element={<Form />} />
        <Route path="/reset-pin" element={<ResetPinStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
  const formContinue = screen.getByRole('button', { name: 'Continue' });
  const open = () => {
    formContinue.focus();
    fireEvent.click(formContinue);
    return screen.getByRole('dialog', { name: 'Transaction pin' });
  };
  const box = (n: number) => screen.getByLabelText(`Digit ${n} of 4`) as HTMLInputElement;
  const type = (pin: string) =>
    [...pin].forEach((digit, i) => fireEvent.change(box(i + 1), { target: { value: digit } }));
  const dialogContinue = () => screen.getAllByRole('button', { name: 'Continue' }).find((b) => b !== formContinue)!;
  return { actor, heard, formContinue, open, box, type, dialogContinue };
}

describe('PinDialog', () => {
  afterEach(() => {
    cleanup();
    document.documentElement.style.overflow = '';
  });

  it('asks for the security pin in four masked boxes, with the page scroll locked', () => {
    const { open, box } = setup();
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = open();
    expect(dialog.textContent).toContain('Enter your 4-digit security pin');
    expect(screen.getByRole('heading', { name: 'Transaction pin' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Security pin' })).toBeTruthy();
    for (const n of [1, 2, 3, 4]) {
      expect(box(n).type).toBe('password');
      expect(box(n).getAttribute('inputmode')).toBe('numeric');
    }
    expect(document.documentElement.style.overflow).toBe('hidden');
    // The pin comes first.
    expect(document.activeElement).toBe(box(1));
  });

  it('moves the focus on as digits are typed, and Continue with four digits closes it, hands them on and returns the focus to Continue', () => {
    const { open, box, type, dialogContinue, heard, formContinue } = setup();
    open();
    fireEvent.change(box(1), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '5' } });
    expect(document.activeElement).toBe(box(3));
    type(ADA_PIN);
    fireEvent.click(dialogContinue());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(heard).toEqual([{ type: 'pin.accepted', pin: ADA_PIN }]);
    expect(document.activeElement).toBe(formContinue);
    expect(document.documentElement.style.overflow).toBe('');
  });

  it('keeps the dialog open on an incomplete pin, with the boxes emptied and typing starting again in the first', () => {
    const { open, box, type, dialogContinue, heard } = setup();
    open();
    type('258');
    fireEvent.click(dialogContinue());
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['', '', '', '']);
    expect(document.activeElement).toBe(box(1));
    expect(heard).toEqual([]);
  });

  it('opens again with empty boxes when the server refused the pin (the purchase flow reopens it)', () => {
    const { open, box, type, dialogContinue, actor } = setup();
    open();
    type('1111');
    fireEvent.click(dialogContinue());
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => void actor.send({ type: 'pin.open' }));
    expect(screen.getByRole('dialog', { name: 'Transaction pin' })).toBeTruthy();
    expect([1, 2, 3, 4].map((n) => box(n).value)).toEqual(['', '', '', '']);
    expect(document.activeElement).toBe(box(1));
  });

  it('cancels on Escape and on Close, giving the focus back to Continue', () => {
    const { open, heard, formContinue } = setup();
    const dialog = open();
    const escape = new Event('cancel', { cancelable: true });
    fireEvent(dialog, escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(formContinue);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(heard).toEqual([{ type: 'pin.cancelled' }, { type: 'pin.cancelled' }]);
  });

  it('keeps Tab inside the dialog', () => {
    const { open } = setup();
    open();
    const close = screen.getByRole('button', { name: 'Close' });
    // The last control: "Forgot pin?", after Continue.
    const last = screen.getByRole('link', { name: 'Forgot pin?' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
  });

  it('offers "Forgot pin?", which comes back to this screen once the pin is reset', () => {
    const { open } = setup();
    open();
    fireEvent.click(screen.getByRole('link', { name: 'Forgot pin?' }));
    expect(screen.getByText('Reset pin page /reset-pin?from=%2Fairtime')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('');
  });
});
