// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import * as messages from '../../../core/messages';
import { ConfirmDialog } from '../../../src/ui/kit/ConfirmDialog';

/** An opener and the dialog, the way the account menu uses them. */
function Harness({ onConfirm = () => undefined }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <ConfirmDialog
          message={messages.confirmLogout.message}
          confirmLabel="Logout"
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}

function openDialog(onConfirm?: () => void) {
  render(<Harness onConfirm={onConfirm} />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('asks the fixed question exactly, trailing space included, in one text node', () => {
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const question = document.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    // Typed out on purpose: a change to messages.ts must fail here.
    expect(question.textContent).toBe('are you sure you want to logout of the system ? ');
    expect(question.childNodes).toHaveLength(1);
    expect(question.firstChild!.nodeType).toBe(Node.TEXT_NODE);
    expect(dialog.contains(screen.getByRole('button', { name: 'Logout' }))).toBe(true);
    expect(dialog.contains(screen.getByRole('button', { name: 'Cancel' }))).toBe(true);
  });

  it('starts on Cancel, and Escape cancels and gives the focus back to the opener', () => {
    const { opener } = openDialog();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    const outerEscape = vi.fn();
    document.addEventListener('keydown', outerEscape);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    document.removeEventListener('keydown', outerEscape);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    // Handled here: a menu the dialog was opened from does not also close on the same key.
    expect(outerEscape).not.toHaveBeenCalled();
  });

  it('cancels with the Cancel button or a click on the backdrop', () => {
    const { opener } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);

    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab inside the dialog', () => {
    openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const logout = screen.getByRole('button', { name: 'Logout' });
    logout.focus();
    fireEvent.keyDown(logout, { key: 'Tab' });
    expect(document.activeElement).toBe(cancel);
    fireEvent.keyDown(cancel, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(logout);
  });

  it('confirms with its confirming button', () => {
    const onConfirm = vi.fn();
    openDialog(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
