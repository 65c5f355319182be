import { useMutation } from '@tanstack/react-query';
import type { UpdateDetailsRequest } from '@kiyasla/contracts/account';
import type { User } from '@kiyasla/contracts/user';
import { useAuth } from '~/entities/session/auth-context';
import { apiRequest } from '~/lib/api-client';

/**
 * PUT /auth/update-details {firstName, lastName, phone, address, bio, avatar}: the e-mail cannot
 * change; `avatar` is a data URL to upload, the current URL to keep, or null to remove.
 */
export async function updateDetails(input: UpdateDetailsRequest): Promise<User> {
  const { data } = await apiRequest<User>('/auth/update-details', { method: 'PUT', json: input });
  return data;
}

/**
 * A profile change from a screen: the signed-in user becomes the server's answer; a failure is a
 * toast titled `errorTitle` with the server's reason under it (spec §8).
 */
export function useUpdateDetails(errorTitle: string) {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: updateDetails,
    onSuccess: (user) => updateUser(user),
    meta: { errorToast: { title: errorTitle, fallback: '' } },
  });
}
