import { services } from '../../domain/services';
import { useDocumentTitle } from '../app/useDocumentTitle';
import { PurchaseForm } from '../components/PurchaseForm';

const service = services.education;

/** /education (SPEC.md §2): the title as the specification spells it, then the service's purchase form. */
export default function EducationScreen() {
  useDocumentTitle(service.title);
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1 className="page-title">{service.title}</h1>
        <p className="page-subtitle">Buy WAEC and JAMB pins from your wallet.</p>
      </header>
      <PurchaseForm service={service} />
    </div>
  );
}
