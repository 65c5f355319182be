import { useEffect } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { setPremiumHint } from '~/lib/stored-session/premium-hint';
import { buttonClasses } from '~/components/ui/button-styles';
import { useAuth } from '~/entities/session/auth-context';

/** What the slot promotes where it stands: our own offers, never a third party's (no scripts). */
const ADS = {
  listing: {
    title: 'Reklamsız ve gelişmiş filtrelerle alışveriş',
    text: 'Premium üyeler ücretsiz kargo, stok durumu, son 30 günde düşen ve 6 ayın en düşük fiyatındaki ürünleri tek tıkla süzer.',
    cta: 'Premium’u Keşfet',
  },
  product: {
    title: 'Fiyat düştüğünde ilk siz haberdar olun',
    text: 'Premium üyeler fiyat alarmı kurar, avantaj/dezavantaj analizini görür ve sitede reklam görmez.',
    cta: 'Planları İncele',
  },
} as const;

export type HouseAdPlacement = keyof typeof ADS;

/**
 * The house-ad slot of free and anonymous visitors (issue 14, "ad-free" for premium). The server
 * decides from the premium hint cookie (lib/stored-session/session-hint), so a premium member's
 * HTML has no slot and a visitor's has it from the first paint: nothing moves. Once the session
 * is known the browser follows the account itself (a hint can be stale).
 */
export function HouseAd({ placement, className }: { placement: HouseAdPlacement; className?: string }) {
  const layout = useRouteLoaderData('routes/site-layout') as { premiumHint?: boolean } | undefined;
  const { status, user } = useAuth();
  const premium =
    status === 'loading' ? layout?.premiumHint === true : status === 'authenticated' && user?.isPremium === true;
  // The next server render decides from what the account says now.
  useEffect(() => {
    if (status !== 'loading') setPremiumHint(premium);
  }, [status, premium]);
  if (premium) return null;
  const ad = ADS[placement];
  return (
    <aside aria-label="Reklam" className={className}>
      <div className="flex flex-col gap-3 rounded-2xl border border-warning/30 bg-warning/5 px-4 py-3 sm:flex-row sm:items-center sm:gap-5 sm:px-5">
        <div className="min-w-0 flex-1">
          <p className="text-[11px] font-semibold tracking-wide text-muted uppercase">Reklam · Kıyasla Premium</p>
          <p className="mt-0.5 font-bold text-ink">{ad.title}</p>
          <p className="mt-0.5 hidden text-sm text-muted sm:block">{ad.text}</p>
        </div>
        <Link to="/premium-plans" className={buttonClasses('primary', 'md', 'shrink-0')}>
          {ad.cta}
        </Link>
      </div>
    </aside>
  );
}
