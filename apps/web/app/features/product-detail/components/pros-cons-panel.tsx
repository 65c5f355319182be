import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { CircleCheck, CircleMinus, Crown, LockKeyhole, RotateCw } from 'lucide-react';
import { comparisonsMessages } from '@kiyasla/contracts/messages/comparisons';
import { gatesMessages } from '@kiyasla/contracts/messages/gates';
import { Skeleton } from '~/components/ui/skeleton';
import { buttonClasses } from '~/components/ui/button-styles';
import { useAuth } from '~/entities/session/auth-context';
import { loginHref } from '~/entities/session/utils/safe-redirect';
import { formatPrice } from '~/lib/format';
import { useProsCons } from '../api/get-pros-cons';

function Gate({
  icon,
  title,
  text,
  children,
}: {
  icon: 'lock' | 'crown';
  title: string;
  text: string;
  children: ReactNode;
}) {
  const Icon = icon === 'lock' ? LockKeyhole : Crown;
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-line bg-surface px-6 py-10 text-center shadow-sm">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-warning/15 text-warning">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h3 className="mt-4 text-xl font-bold text-ink">{title}</h3>
      <p className="mt-2 text-muted">{text}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
    </section>
  );
}

function ProsConsList({ tone, items, empty }: { tone: 'pro' | 'con'; items: string[]; empty: string }) {
  const Icon = tone === 'pro' ? CircleCheck : CircleMinus;
  return (
    <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm">
      <h3 className={`text-sm font-bold tracking-wide uppercase ${tone === 'pro' ? 'text-success' : 'text-danger'}`}>
        {tone === 'pro' ? 'Avantajlar' : 'Dezavantajlar'}
      </h3>
      {items.length > 0 ? (
        <ul className="mt-3 space-y-2 text-sm text-ink">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-2">
              <Icon
                aria-hidden="true"
                className={`mt-0.5 size-4 shrink-0 ${tone === 'pro' ? 'text-success' : 'text-danger'}`}
              />
              {item}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-muted">{empty}</p>
      )}
    </div>
  );
}

function Analysis({ productId, userId }: { productId: string; userId: string }) {
  const query = useProsCons(productId, userId);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Yükleniyor" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="rounded-2xl border border-line bg-surface px-6 py-8 text-center">
        <p className="text-muted">{comparisonsMessages.productDetailsError}</p>
        <button type="button" onClick={() => void query.refetch()} className={buttonClasses('outline', 'md', 'mt-4')}>
          <RotateCw aria-hidden="true" className="size-4" />
          Tekrar Dene
        </button>
      </div>
    );
  }
  const { pros, cons, comparedWith } = query.data;
  if (comparedWith.length === 0) {
    return (
      <p className="rounded-2xl border border-line bg-surface px-6 py-8 text-center text-muted">
        Bu ürünü karşılaştıracak benzer ürün bulunamadı.
      </p>
    );
  }
  return (
    <div className="space-y-5">
      <div className="grid gap-4 md:grid-cols-2">
        <ProsConsList tone="pro" items={pros} empty="Benzerlerine göre öne çıkan bir avantajı yok." />
        <ProsConsList tone="con" items={cons} empty="Benzerlerine göre belirgin bir dezavantajı yok." />
      </div>
      <div className="text-sm text-muted">
        <p>Fiyatı en yakın benzer ürünlerle karşılaştırıldı:</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {comparedWith.map((p) => (
            <li key={p._id}>
              <Link
                to={`/product/${p._id}`}
                className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1 text-ink hover:border-primary"
              >
                <span className="max-w-56 truncate">{p.name}</span>
                {p.currentPrice !== null && <span className="font-semibold">{formatPrice(p.currentPrice)}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * Avantajlar / Dezavantajlar: the comparison analysis of this product against its nearest-priced
 * peers, for premium members (the API refuses everyone else). Free members see the upsell,
 * visitors the sign-in prompt.
 */
export function ProsConsPanel({ productId }: { productId: string }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Skeleton className="h-40 w-full rounded-2xl" />;
  if (status === 'anonymous' || !user) {
    return (
      <Gate
        icon="lock"
        title={gatesMessages.loginRequired}
        text="Avantaj/dezavantaj analizini görmek için giriş yapın."
      >
        <Link to={loginHref(`${location.pathname}${location.search}`)} className={buttonClasses('primary', 'lg')}>
          Giriş Yap
        </Link>
        <Link to="/register" className={buttonClasses('outline', 'lg')}>
          Kayıt Ol
        </Link>
      </Gate>
    );
  }
  if (!user.isPremium) {
    return (
      <Gate icon="crown" title={gatesMessages.premiumRequired} text={comparisonsMessages.analysisPremiumOnly}>
        <Link to="/premium-plans" className={buttonClasses('primary', 'lg')}>
          Premium Planları İncele
        </Link>
      </Gate>
    );
  }
  return <Analysis productId={productId} userId={user._id} />;
}
