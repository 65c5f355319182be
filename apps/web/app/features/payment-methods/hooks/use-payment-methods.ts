import { useCallback, useEffect, useState } from 'react';
import { readAccountData, writeAccountData } from '~/entities/account/utils/local-account-data';
import { parseStoredMethods, type PaymentMethod } from '../utils/payment-methods';

const STORAGE_NAME = 'paymentMethods';

/** The account's demo payment methods, kept in this browser only. `ready` is false until read. */
export function usePaymentMethods(userId: string) {
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setMethods(parseStoredMethods(readAccountData(STORAGE_NAME, userId)));
    setReady(true);
  }, [userId]);

  /** Stores the new list; false when the browser refused (the list then stays as it was). */
  const save = useCallback(
    (next: PaymentMethod[]): boolean => {
      if (!writeAccountData(STORAGE_NAME, userId, next)) return false;
      setMethods(next);
      return true;
    },
    [userId],
  );

  return { methods, ready, save };
}
