import { Suspense } from 'react';
import { useAuth } from '~/entities/session/auth-context';
import { lazyComponent } from '~/lib/lazy-component';

// Only non-free plans see the button, and only in the browser (the session is not known to the
// server): its code is fetched then, never with a public page (ADR 011).
const PremiumAlertButton = lazyComponent(() => import('./premium-alert-button').then((m) => m.PremiumAlertButton));

export interface AlertButtonProps {
  productId: string;
  productName: string;
  currentPrice: number | null;
  className?: string;
}

/** The product card's price-alert button: non-free plans only (§2). */
export function AlertButton(props: AlertButtonProps) {
  const { status, user } = useAuth();
  if (status !== 'authenticated' || !user?.isPremium) return null;
  return (
    <Suspense fallback={null}>
      <PremiumAlertButton {...props} />
    </Suspense>
  );
}
