import type { ReactNode } from 'react';

/**
 * Inline line icons: a few hundred bytes each, no image requests, and they take the text
 * colour (dark mode included). Always decorative: the control or text beside them carries
 * the name.
 */
export function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export type IconProps = { size?: number };

export const ChevronIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6" y="2" width="12" height="20" rx="2.5" />
    <path d="M11 18h2" />
  </Icon>
);

export const WifiIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 8.8a15 15 0 0 1 20 0" />
    <path d="M5 12.5a10 10 0 0 1 14 0" />
    <path d="M8.5 16a5 5 0 0 1 7 0" />
    <path d="M12 20h.01" strokeWidth="3" />
  </Icon>
);

export const BoltIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13 2 4 14h7l-1 8 9-12h-7l1-8Z" />
  </Icon>
);

export const BallIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m12 7.5 4 2.9-1.5 4.6h-5L8 10.4Z" />
    <path d="M12 3v4.5M16 10.4l4.4-1.6M14.5 15l2.7 3.8M9.5 15l-2.7 3.8M8 10.4 3.6 8.8" />
  </Icon>
);

export const TvIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="7" width="19" height="13" rx="2" />
    <path d="m8 3 4 4 4-4" />
  </Icon>
);

export const CapIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M2 9.5 12 5l10 4.5L12 14Z" />
    <path d="M6 11.5V16c0 1.5 2.7 3 6 3s6-1.5 6-3v-4.5" />
    <path d="M22 9.5V15" />
  </Icon>
);

export const CashbackIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 15 15 9" />
    <path d="M9.5 9.5h.01M14.5 14.5h.01" strokeWidth="3" />
  </Icon>
);

export const HistoryIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 12a9 9 0 1 0 2.6-6.4L3 8" />
    <path d="M3 3v5h5" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3 4 6v6c0 5 3.4 8 8 9 4.6-1 8-4 8-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const HeadsetIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 15v-3a8 8 0 0 1 16 0v3" />
    <rect x="2.5" y="14" width="5" height="6" rx="1.5" />
    <rect x="16.5" y="14" width="5" height="6" rx="1.5" />
  </Icon>
);

export const PlayStoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 3.5v17a1 1 0 0 0 1.5.9l14-8.5a1 1 0 0 0 0-1.8l-14-8.5A1 1 0 0 0 5 3.5Z" />
    <path d="m5.4 3 9.6 9-9.6 9" />
  </Icon>
);

export const AppStoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <path d="m8 16.5 4.5-9M16 16.5l-4.5-9M7 13.5h10" />
  </Icon>
);
