import { useSelector } from '@xstate/react';
import { copyToClipboardMachine } from '../../machines/kit/copyToClipboard';
import { useFlow } from './useFlow';
import { Icon, type IconProps } from './icons';

interface CopyButtonProps {
  text: string;
  label: string;
  /** Said to screen readers after the label when several copy buttons share a screen ("for Wema Bank"). */
  detail?: string;
  className?: string;
}

const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="8" y="8" width="13" height="13" rx="2" />
    <path d="M16 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h3" />
  </Icon>
);

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
