import type { ReactNode } from 'react';
import { BellRing, ChartLine, Heart, ShieldCheck } from 'lucide-react';

const BENEFITS = [
  { icon: ChartLine, title: 'Fiyatları karşılaştırın', text: 'Yüzlerce mağazanın fiyatını tek sayfada görün.' },
  { icon: BellRing, title: 'Fiyat düşünce haber alın', text: 'Fiyat alarmları ve bildirimlerle doğru anı yakalayın.' },
  { icon: Heart, title: 'Favorilerinizi takip edin', text: 'Beğendiğiniz ürünleri kaydedin, fiyat geçmişini izleyin.' },
] as const;

/**
 * The frame of the sign-in pages: a brand panel with what an account brings (wide screens)
 * beside the form card.
 */
export function AuthPageLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:px-6 sm:py-12 lg:grid-cols-[minmax(0,1fr)_minmax(0,30rem)] lg:items-start lg:gap-12 lg:px-8">
      <aside
        aria-label="Üyelik avantajları"
        className="relative hidden overflow-hidden rounded-3xl bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-10 text-white shadow-xl lg:block"
      >
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl" />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-400/20 blur-3xl"
        />
        <div className="relative">
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">Kıyasla üyeliği</p>
          <h2 className="mt-3 text-3xl leading-tight font-bold">Akıllı alışverişin en kolay yolu</h2>
          <p className="mt-3 max-w-md text-brand-100">
            Ücretsiz hesabınızla fiyatları takip edin, favorilerinizi saklayın ve karşılaştırmalarınızı kaydedin.
          </p>
          <ul className="mt-10 space-y-6">
            {BENEFITS.map(({ icon: Icon, title: benefit, text }) => (
              <li key={benefit} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/20">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{benefit}</span>
                  <span className="mt-0.5 block text-sm text-brand-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-12 flex items-center gap-2 text-sm text-brand-100">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Bilgileriniz KVKK kapsamında korunur.
          </p>
        </div>
      </aside>

      <section aria-labelledby="auth-title" className="rounded-3xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {title}
        </h1>
        {subtitle && <p className="mt-2 text-sm text-muted">{subtitle}</p>}
        <div className="mt-7">{children}</div>
        {footer && <div className="mt-7 border-t border-line pt-5 text-center text-sm text-muted">{footer}</div>}
      </section>
    </div>
  );
}
