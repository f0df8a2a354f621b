import type { ComponentType } from 'react';
import type { TransactionStatus } from '../../../core/contract';
import { useT } from './language';
import { STATUS_LOOK, STATUS_WORDS, type StatusIconName } from '../../domain/records/transactionStatus';
import type { IconProps } from './icons';
import { CheckCircleIcon, CrossCircleIcon, ProgressIcon } from '../wallet/walletIcons';

const GLYPHS: Record<StatusIconName, ComponentType<IconProps>> = {
  rotating: ProgressIcon,
  check: CheckCircleIcon,
  cross: CrossCircleIcon,
};

/**
 * A transaction's status: coloured icon (pending and processing turn) and its
 * name in words, so neither colour nor shape is the only signal.
 */
export function StatusIcon({ status }: { status: TransactionStatus }) {
  const look = STATUS_LOOK[status];
  const Glyph = GLYPHS[look.icon];
  const t = useT();
  return (
    <span className="status" data-colour={look.colour} data-icon={look.icon}>
      <Glyph size={18} />
      <span className="status-label">{t(STATUS_WORDS[status])}</span>
    </span>
  );
}
