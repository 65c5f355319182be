import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '~/lib/api-client';
import { useAuth } from '~/entities/session/auth-context';
import { toast } from '~/lib/toast';

/** POST /payments/cancel: auto-renew off; premium lasts until the end date. */
export async function cancelSubscription(): Promise<string | undefined> {
  const { message } = await apiRequest<{ autoRenew: boolean; endDate: string | null }>('/payments/cancel', {
    method: 'POST',
  });
  return message;
}

export function useCancelSubscription(onDone: () => void) {
  const { refreshProfile } = useAuth();
  return useMutation({
    mutationFn: cancelSubscription,
    meta: { errorToast: { title: 'Abonelik iptal edilemedi', fallback: 'Bir hata oluştu. Lütfen tekrar deneyin.' } },
    onSuccess: async (message) => {
      await refreshProfile();
      toast.success('Aboneliğiniz iptal edildi', message);
      onDone();
    },
  });
}
