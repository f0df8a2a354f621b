import { useSelector } from '@xstate/react';
import { copyToClipboardMachine } from '../../machines/kit/copyToClipboard';
import { useFlow } from './useFlow';
import { CopyIcon } from '../wallet/walletIcons';

interface CopyButtonProps {
  text: string;
  label: string;
  /** Said to screen readers after the label when several copy buttons share a screen ("for Wema Bank"). */
  detail?: string;
  className?: string;
}

/** Copies `text` and toasts how it went. */
export function CopyButton({ text, label, detail, className = 'btn btn-secondary btn-small' }: CopyButtonProps) {
  const actor = useFlow(copyToClipboardMachine);
  const copying = useSelector(actor, (s) => s.matches('copying'));
  return (
    <button
      type="button"
      className={`${className} copy-btn`}
      aria-busy={copying || undefined}
      onClick={() => actor.send({ type: 'clipboard.copy', text })}
    >
      <CopyIcon size={18} />
      {label}
      {/* The space sits outside the hidden span: some name computations trim each element's text. */}
      {detail && (
        <>
          {' '}
          <span className="visually-hidden">{detail}</span>
        </>
      )}
    </button>
  );
}
