import type { ServiceEntry } from '../../../core/services';
import { useDocumentTitle } from '../kit/useDocumentTitle';
import { PurchaseForm } from './PurchaseForm';

/** A service's route: the title as the specification spells it, then the service's purchase form. */
export default function ServiceScreen({ service }: { service: ServiceEntry }) {
  useDocumentTitle(service.title);
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{service.title}</h1>
        <p className="page-subtitle">{service.subtitle}</p>
      </header>
      <PurchaseForm service={service} />
    </div>
  );
}
