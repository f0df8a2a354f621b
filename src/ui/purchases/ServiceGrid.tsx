import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { SERVICES, serviceOfCategory, type ServiceIcon } from '../../../core/services';
import { BallIcon, BoltIcon, CapIcon, PhoneIcon, TvIcon, WifiIcon, type IconProps } from '../kit/icons';
import { useT } from '../kit/language';
import { ArrowDownLeftIcon } from '../wallet/walletIcons';

/** The drawing of each icon the service table names; a new service's icon is drawn here. */
const SERVICE_ICONS: Record<ServiceIcon, ComponentType<IconProps>> = {
  phone: PhoneIcon,
  wifi: WifiIcon,
  bolt: BoltIcon,
  ball: BallIcon,
  tv: TvIcon,
  cap: CapIcon,
};

/** A transaction's category as an icon: its service's, or money coming in (wallet funding and anything else). */
export function CategoryIcon({ category, size }: { category: string; size?: number }) {
  const service = serviceOfCategory(category);
  const Icon = service ? SERVICE_ICONS[service.icon] : ArrowDownLeftIcon;
  return <Icon size={size} />;
}

/** The dashboard's quick actions: one tile per service. */
export function ServiceGrid() {
  const t = useT();
  return (
    <nav className="services" aria-labelledby="services-title">
      <h2 id="services-title" className="section-heading">
        {t(/*i18n*/ { id: 'buy.grid.title', message: 'Pay bills' })}
      </h2>
      <ul className="services-grid">
        {SERVICES.map(({ key, route, icon, categoryLabel }) => {
          const Icon = SERVICE_ICONS[icon];
          return (
            <li key={key}>
              <Link to={route} className="service-tile">
                <span className="service-icon">
                  <Icon />
                </span>
                <span className="service-name">{t(categoryLabel)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
