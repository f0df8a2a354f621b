import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { trapTab } from './focusTrap';
import { useT } from './language';
import { Icon, type IconProps } from './icons';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

/**
 * A modal dialog, open while mounted. The native <dialog> opened with showModal() makes the
 * rest of the page inert (the focus stays inside) and turns Escape into `cancel`, which is
 * handed to `onClose` so the owner decides. Tab wraps from the last control to the first (the
 * browser alone would pass through its own toolbar). The page behind does not scroll, and on
 * closing the focus goes back to what opened the dialog.
 */
export function Modal({ title, onClose, children, className }: ModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.documentElement.style;
    document.documentElement.style.overflow = 'hidden';
    element.showModal();
    return () => {
      if (element.open) element.close();
      document.documentElement.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const cancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };
  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => trapTab(event, event.currentTarget);
  // A click on the dialog element itself, not on its panel, is a click on the backdrop.
  const clickBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <dialog
      ref={dialog}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onCancel={cancel}
      onClick={clickBackdrop}
      onKeyDown={wrapTab}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-btn"
            aria-label={t(/*i18n*/ { id: 'kit.close', message: 'Close' })}
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="modal-body">{children}</div>
      </div>
    </dialog>
  );
}
