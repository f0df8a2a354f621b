import type { ServiceEntry } from '../../../core/services';
import { useT } from '../kit/language';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { PurchaseForm } from './PurchaseForm';
import { serviceTitles } from './serviceWords';

/** A service's route: the title as the specification spells it, then the service's purchase form. */
export default function ServiceScreen({ service }: { service: ServiceEntry }) {
  const t = useT();
  const { title, subtitle } = serviceTitles[service.key];
  useDocumentTitle(t(title));
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{t(title)}</h1>
        <p className="page-subtitle">{t(subtitle)}</p>
      </header>
      <PurchaseForm service={service} />
    </div>
  );
}
