import { Link } from 'react-router';
import { Crown } from 'lucide-react';
import { gatesMessages } from '@kiyasla/contracts/messages/gates';
import { buttonClasses } from '~/components/ui/button-styles';

/** Free plans: 'Premium Gerekli – Fiyat alarmı özelliği premium kullanıcılar içindir.' and the way to the plans. */
export function PremiumUpsell({ compact = false }: { compact?: boolean }) {
  return (
    <div
      className={
        compact
          ? 'rounded-xl bg-amber-50 p-4 text-center dark:bg-amber-400/10'
          : 'rounded-2xl border border-amber-200 bg-amber-50 px-6 py-8 text-center dark:border-amber-400/30 dark:bg-amber-400/10'
      }
    >
      <Crown aria-hidden="true" className="mx-auto size-8 text-amber-600 dark:text-amber-300" />
      <p className="mt-2 font-bold text-ink">{gatesMessages.premiumRequired}</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">Fiyat alarmı özelliği premium kullanıcılar içindir.</p>
      <Link to="/premium-plans" className={`${buttonClasses('primary', 'md')} mt-4`}>
        Premium Planları Gör
      </Link>
    </div>
  );
}
