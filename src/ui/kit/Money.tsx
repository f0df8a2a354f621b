import { formatNaira } from '../../../core/money';

/** A naira amount as the app writes every one (formatNaira), in tabular figures so columns of amounts line up. */
export function Money({ amount, className }: { amount: number | string | ''; className?: string }) {
  return <span className={className ? `money ${className}` : 'money'}>{formatNaira(amount)}</span>;
}
