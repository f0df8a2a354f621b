import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { categoryLabel } from '../../domain/transactionCategory';
import { BallIcon, BoltIcon, CapIcon, PhoneIcon, TvIcon, WifiIcon, type IconProps } from './icons';
import { ArrowDownLeftIcon } from './walletIcons';

/** The six services of SPEC.md §1: the category a purchase is filed under, and the screen that sells it. */
export const SERVICES: { category: string; route: string; Icon: ComponentType<IconProps> }[] = [
  { category: 'airtime', route: '/airtime', Icon: PhoneIcon },
  { category: 'data', route: '/internet', Icon: WifiIcon },
  { category: 'electricity-bill', route: '/electricity', Icon: BoltIcon },
  { category: 'betting', route: '/betting', Icon: BallIcon },
  { category: 'tv-subscription', route: '/cable', Icon: TvIcon },
  { category: 'education', route: '/education', Icon: CapIcon },
];

/** A transaction's category as an icon: its service's, or money coming in (wallet funding and anything else). */
export function CategoryIcon({ category, size }: { category: string; size?: number }) {
  const Icon = SERVICES.find((service) => service.category === category)?.Icon ?? ArrowDownLeftIcon;
  return <Icon size={size} />;
}

/** The dashboard's quick actions: one tile per service. */
export function ServiceGrid() {
  return (
    <nav className="services" aria-labelledby="services-title">
      <h2 id="services-title" className="section-heading">
        Pay bills
      </h2>
      <ul className="services-grid">
        {SERVICES.map(({ category, route, Icon }) => (
          <li key={category}>
            <Link to={route} className="service-tile">
              <span className="service-icon">
                <Icon />
              </span>
              <span className="service-name">{categoryLabel(category)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
