import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { trapTab } from './focusTrap';
import { useT } from './language';
import '../account/account.css';

export interface ConfirmDialogProps {
  /** The question, shown exactly as given. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question with Cancel and a confirming button (the logout confirmation).
 * Rendered into <body> so no header or rail paints above its backdrop. The focus starts on
 * Cancel, the harmless answer, stays inside, and goes back to whatever opened the dialog when
 * it closes; Escape and a click on the backdrop cancel.
 */
export function ConfirmDialog({ message, confirmLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const t = useT();

  useEffect(() => {
    const opener = document.activeElement;
    cancel.current?.focus();
    // After a confirmation the opener may be gone with its page; focusing a detached node does nothing.
    return () => (opener as HTMLElement | null)?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      // The dialog's Escape is not also the Escape of a menu it was opened from.
      event.stopPropagation();
      onCancel();
    } else if (dialog.current) {
      trapTab(event, dialog.current);
    }
  };

  return createPortal(
    <div className="dialog-backdrop" onClick={(event) => event.target === event.currentTarget && onCancel()}>
      {/* tabIndex -1: a click on the text keeps the focus, and so Escape, inside the dialog. */}
      <div
        ref={dialog}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={messageId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <p id={messageId} className="dialog-message">
          {message}
        </p>
        <div className="dialog-actions">
          <button ref={cancel} type="button" className="btn btn-secondary" onClick={onCancel}>
            {t(/*i18n*/ { id: 'kit.cancel', message: 'Cancel' })}
          </button>
          <button type="button" className="btn btn-primary" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
