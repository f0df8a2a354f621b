import { useId } from 'react';
import type { Provider } from '../../../core/contract';
import type { ServiceDefinition } from '../../../core/services';
import { useT } from '../kit/language';
import { providerWords } from './serviceWords';

interface ProviderSelectProps {
  /** What the service calls its providers ('Network', 'Provider'). */
  label: ServiceDefinition['providerLabel'];
  /** The service's providers; none while the catalogue loads. */
  providers: readonly Provider[];
  value: string;
  onChange: (value: string) => void;
}

/** The provider a bill is bought from, as a purchase and a schedule pick it. */
export function ProviderSelect({ label, providers, value, onChange }: ProviderSelectProps) {
  const t = useT();
  const id = useId();
  const words = providerWords[label];
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {t(words.label)}
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{providers.length ? t(words.choose) : t(words.loading)}</option>
        {providers.map((provider) => (
          <option key={provider.id} value={String(provider.id)}>
            {provider.paused
              ? t(/*i18n*/ { id: 'buy.provider.paused', message: '{name} (paused)' }, { name: provider.name })
              : provider.name}
          </option>
        ))}
      </select>
    </div>
  );
}
