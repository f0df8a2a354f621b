import { useId, type ReactNode } from 'react';
import { tierNextStep } from '../../../core/words/identity';
import { useSessionSelector } from '../app/SessionContext';
import { Money } from '../kit/Money';

/**
 * The wallet's KYC tier (CBN tiered KYC): what it may spend today and has spent,
 * what it may hold, and what raises it. The figures are the server's, with the session's user.
 */
export function LimitsCard() {
  const limits = useSessionSelector((s) => s.context.user.limits);
  const titleId = useId();
  const used = limits && limits.daily_limit > 0 ? Math.min(100, (limits.spent_today / limits.daily_limit) * 100) : 0;
  // Until the server has answered, the card keeps its shape with placeholders: the form below
  // must not be pushed down when the figures arrive (no layout shift).
  const rows: [name: string, value: ReactNode][] = limits
    ? [
        ['Daily limit', <Money amount={limits.daily_limit} />],
        ['Spent today', <Money amount={limits.spent_today} />],
        ['Left today', <Money amount={limits.left_today} />],
        [
          'Balance cap',
          limits.can_fund ? (
            limits.balance_cap === null ? (
              'No cap'
            ) : (
              <Money amount={limits.balance_cap} />
            )
          ) : (
            'Cannot be funded'
          ),
        ],
      ]
    : [
        ['Daily limit', '…'],
        ['Spent today', '…'],
        ['Left today', '…'],
        ['Balance cap', '…'],
      ];
  return (
    <section className="card limits-card" aria-labelledby={titleId} aria-busy={!limits || undefined}>
      <div className="limits-head">
        <h2 id={titleId} className="limits-title">
          Your limits
        </h2>
        <span className="limits-tier">
          {limits ? (limits.tier === 0 ? 'Not verified' : `Tier ${limits.tier}`) : 'Tier …'}
        </span>
      </div>
      <dl className="limits-list">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div
        className="limits-meter"
        role="meter"
        aria-label="Daily limit used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(used)}
      >
        <span style={{ width: `${used}%` }} />
      </div>
      <p className="hint limits-hint">{limits ? tierNextStep[limits.tier] : 'Loading your limits…'}</p>
    </section>
  );
}
