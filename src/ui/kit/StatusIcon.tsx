import type { ComponentType } from 'react';
import type { TransactionStatus } from '../../../core/contract';
import type { Words } from '../../../core/i18n/words';
import { useT } from './language';
import { STATUS_LOOK, type StatusIconName } from '../../domain/records/transactionStatus';
import type { IconProps } from './icons';
import { CheckCircleIcon, CrossCircleIcon, ProgressIcon } from '../wallet/walletIcons';

const GLYPHS: Record<StatusIconName, ComponentType<IconProps>> = {
  rotating: ProgressIcon,
  check: CheckCircleIcon,
  cross: CrossCircleIcon,
};

/** Each status's name (STATUS_LOOK's label), in the reader's language. */
const LABELS: Record<TransactionStatus, Words> = {
  pending: /*i18n*/ { id: 'status.pending', message: 'Pending' },
  processing: /*i18n*/ { id: 'status.processing', message: 'Processing' },
  completed: /*i18n*/ { id: 'status.completed', message: 'Completed' },
  canceled: /*i18n*/ { id: 'status.canceled', message: 'Canceled' },
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
      <span className="status-label">{t(LABELS[status])}</span>
    </span>
  );
}
