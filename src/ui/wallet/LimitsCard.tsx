import { useId, type ReactNode } from 'react';
import type { Words } from '../../../core/i18n/words';
import { useSessionSelector } from '../app/SessionContext';
import { Money } from '../kit/Money';
import { useT } from '../kit/language';

/** The rows of the card, each value in its place in the card's values. */
const ROWS = [
  /*i18n*/ { id: 'limits.daily', message: 'Daily limit' },
  /*i18n*/ { id: 'limits.spent', message: 'Spent today' },
  /*i18n*/ { id: 'limits.left', message: 'Left today' },
  /*i18n*/ { id: 'limits.cap', message: 'Balance cap' },
];

/** What raises the wallet from each tier (the form is below the card). */
const NEXT_STEP: Record<0 | 1 | 2 | 3, Words> = {
  0: /*i18n*/ {
    id: 'limits.next.0',
    message:
      'Your wallet is not linked to a BVN or NIN, so it cannot be funded (the CBN requires one). Verify one below: we check it with NIBSS or NIMC, and the name must match yours.',
  },
  1: /*i18n*/ { id: 'limits.next.1', message: 'Verify the other one of your BVN and NIN below to reach tier 2.' },
  2: /*i18n*/ {
    id: 'limits.next.2',
    message: 'Tier 3 also needs a verified address: contact support to have it checked.',
  },
  3: /*i18n*/ { id: 'limits.next.3', message: 'Your BVN, NIN and address are verified: this is the highest tier.' },
};

/**
 * The wallet's KYC tier (CBN tiered KYC): what it may spend today and has spent,
 * what it may hold, and what raises it. The figures are the server's, with the session's user.
 */
export function LimitsCard() {
  const limits = useSessionSelector((s) => s.context.user.limits);
  const t = useT();
  const titleId = useId();
  const used = limits && limits.daily_limit > 0 ? Math.min(100, (limits.spent_today / limits.daily_limit) * 100) : 0;
  // Until the server has answered, the card keeps its shape with placeholders: the form below
  // must not be pushed down when the figures arrive (no layout shift).
  const values: ReactNode[] = limits
    ? [
        <Money amount={limits.daily_limit} />,
        <Money amount={limits.spent_today} />,
        <Money amount={limits.left_today} />,
        limits.can_fund ? (
          limits.balance_cap === null ? (
            t(/*i18n*/ { id: 'limits.noCap', message: 'No cap' })
          ) : (
            <Money amount={limits.balance_cap} />
          )
        ) : (
          t(/*i18n*/ { id: 'limits.unfundable', message: 'Cannot be funded' })
        ),
      ]
    : ['…', '…', '…', '…'];
  return (
    <section className="card limits-card" aria-labelledby={titleId} aria-busy={!limits || undefined}>
      <div className="limits-head">
        <h2 id={titleId} className="limits-title">
          {t(/*i18n*/ { id: 'limits.title', message: 'Your limits' })}
        </h2>
        <span className="limits-tier">
          {limits && limits.tier === 0
            ? t(/*i18n*/ { id: 'limits.unverified', message: 'Not verified' })
            : t(/*i18n*/ { id: 'limits.tier', message: 'Tier {tier}' }, { tier: limits ? String(limits.tier) : '…' })}
        </span>
      </div>
      <dl className="limits-list">
        {ROWS.map((name, index) => (
          <div key={name.id}>
            <dt>{t(name)}</dt>
            <dd>{values[index]}</dd>
          </div>
        ))}
      </dl>
      <div
        className="limits-meter"
        role="meter"
        aria-label={t(/*i18n*/ { id: 'limits.used', message: 'Daily limit used' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(used)}
      >
        <span style={{ width: `${used}%` }} />
      </div>
      <p className="hint limits-hint">
        {t(limits ? NEXT_STEP[limits.tier] : /*i18n*/ { id: 'limits.loading', message: 'Loading your limits…' })}
      </p>
    </section>
  );
}
