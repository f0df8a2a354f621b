import { useId } from 'react';
import type { Package } from '../../../core/contract';
import { formatNaira } from '../../../core/money';

interface PlanSelectProps {
  /** What the service calls its plans ('Plan', 'Bouquet'). */
  label: string;
  /** What it calls its providers: the plans are a provider's, so the list waits for one. */
  providerLabel: string;
  /** The chosen provider's plans. */
  plans: readonly Package[];
  value: string;
  providerChosen: boolean;
  onChange: (value: string) => void;
}

/** The plan of a plan-priced service, each with its price, as a purchase and a schedule pick it. */
export function PlanSelect({ label, providerLabel, plans, value, providerChosen, onChange }: PlanSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        disabled={!providerChosen}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {providerChosen ? `Select a ${label.toLowerCase()}` : `Select a ${providerLabel.toLowerCase()} first`}
        </option>
        {plans.map((plan) => (
          <option key={plan.id} value={String(plan.id)}>
            {`${plan.name} – ${formatNaira(plan.amount)}`}
          </option>
        ))}
      </select>
    </div>
  );
}
