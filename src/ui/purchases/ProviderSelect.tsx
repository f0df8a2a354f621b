import { useId } from 'react';
import type { Provider } from '../../../core/contract';

interface ProviderSelectProps {
  /** What the service calls its providers ('Network', 'Provider'). */
  label: string;
  /** The service's providers; none while the catalogue loads. */
  providers: readonly Provider[];
  value: string;
  onChange: (value: string) => void;
}

/** The provider a bill is bought from, as a purchase and a schedule pick it. */
export function ProviderSelect({ label, providers, value, onChange }: ProviderSelectProps) {
  const id = useId();
  const name = label.toLowerCase();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{providers.length ? `Select a ${name}` : `Loading ${name}s…`}</option>
        {providers.map((provider) => (
          <option key={provider.id} value={String(provider.id)}>
            {provider.paused ? `${provider.name} (paused)` : provider.name}
          </option>
        ))}
      </select>
    </div>
  );
}
