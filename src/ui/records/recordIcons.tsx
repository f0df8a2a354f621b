import { Icon, type IconProps } from '../kit/icons';

// The records' icons (a receipt's and a statement's download), drawn on the shared line-icon frame
// of icons.tsx: only the pages that download something fetch them.

export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v12" />
    <path d="m7 10 5 5 5-5" />
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
  </Icon>
);
