import { useOutletContext } from 'react-router';
import type { User } from '@kiyasla/contracts/user';

/** The signed-in operator, handed by the admin layout to the pages under it. */
export function useAdminUser(): User {
  return useOutletContext<User>();
}
