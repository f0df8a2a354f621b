import { createContext, useContext } from 'react';
import type { StaffProfile } from '../../../core/console';

/** The signed-in staff member, for the screens that show or hide what their role allows. */
export const StaffContext = createContext<StaffProfile | null>(null);

export function useStaff(): StaffProfile {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff: outside the signed-in console');
  return staff;
}
