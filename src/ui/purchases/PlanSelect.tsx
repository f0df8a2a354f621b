import { useId } from 'react';
import type { Package } from '../../../core/contract';
import { formatNaira } from '../../../core/money';
import type { ServiceDefinition } from '../../../core/services';
import { useT } from '../kit/language';
import { planWords, providerWords } from './serviceWords';

interface PlanSelectProps {
  /** What the service calls its plans ('Plan', 'Service'). */
  label: string;
  /** What it calls its providers: the plans are a provider's, so the list waits for one. */
  providerLabel: ServiceDefinition['providerLabel'];
  /** The chosen provider's plans. */
  plans: readonly Package[];
  value: string;
  providerChosen: boolean;
  onChange: (value: string) => void;
}

/** The plan of a plan-priced service, each with its price, as a purchase and a schedule pick it. */
export function PlanSelect({ label, providerLabel, plans, value, providerChosen, onChange }: PlanSelectProps) {
  const t = useT();
  const id = useId();
  // A label the table may gain before its words do is shown as it is.
  const words = planWords[label];
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {words ? t(words.label) : label}
      </label>
      <select
        id={id}
        className="input select"
        value={value}
        disabled={!providerChosen}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {providerChosen
            ? words
              ? t(words.choose)
              : `Select a ${label.toLowerCase()}`
            : t(providerWords[providerLabel].first)}
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
