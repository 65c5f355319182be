import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ArrowRight,
  BellRing,
  ChevronLeft,
  ChevronRight,
  Crown,
  Pause,
  Play,
  Scale,
  ShieldCheck,
  Sparkles,
  TrendingDown,
  type LucideIcon,
} from 'lucide-react';
import clsx from 'clsx';
import { BANNER_INTERVAL_MS } from '~/lib/ui-constants';

interface Slide {
  id: string;
  eyebrow: string;
  title: string;
  text: string;
  cta: { label: string; to: string };
  gradient: string;
  icon: LucideIcon;
  chips: ReadonlyArray<{ icon: LucideIcon; label: string }>;
}

function buildSlides(browseHref: string): Slide[] {
  return [
    {
      id: 'compare',
      eyebrow: 'Fiyat karşılaştırma',
      title: 'Aynı ürün, en uygun fiyat',
      text: 'Onlarca mağazanın fiyatını tek sayfada karşılaştırın; kargo dahil en uygun teklifi saniyeler içinde bulun.',
      cta: { label: 'Ürünleri Keşfet', to: browseHref },
      gradient: 'from-brand-700 via-indigo-600 to-violet-700',
      icon: Scale,
      chips: [
        { icon: ShieldCheck, label: 'Bağımsız karşılaştırma' },
        { icon: TrendingDown, label: 'Fiyat geçmişi' },
      ],
    },
    {
      id: 'alerts',
      eyebrow: 'Fiyat alarmı',
      title: 'Fiyat düşünce ilk siz haberdar olun',
      text: 'Takip ettiğiniz ürün için hedef fiyat belirleyin; fiyat o seviyeye indiğinde e-posta ve bildirimle haber verelim.',
      cta: { label: 'Fiyat Alarmı Kur', to: '/price-alerts' },
      gradient: 'from-emerald-700 via-teal-700 to-cyan-800',
      icon: BellRing,
      chips: [
        { icon: BellRing, label: 'Anında bildirim' },
        { icon: TrendingDown, label: 'Hedef fiyat takibi' },
      ],
    },
    {
      id: 'premium',
      eyebrow: 'Kıyasla Premium',
      title: 'Premium ile daha akıllı alışveriş',
      text: 'Fiyat alarmları, gelişmiş karşılaştırma araçları ve reklamsız deneyim. Aylık ₺29,99’dan başlayan planlarla.',
      cta: { label: 'Planları İncele', to: '/premium-plans' },
      gradient: 'from-orange-700 via-rose-700 to-fuchsia-800',
      icon: Crown,
      chips: [
        { icon: Sparkles, label: 'Reklamsız deneyim' },
        { icon: Crown, label: 'Öncelikli destek' },
      ],
    },
  ];
}

/** Home banner: 3 slides, auto-advancing every 5 s, looping, paused on hover or focus. */
export function HeroBanner({ browseHref }: { browseHref: string }) {
  const slides = buildSlides(browseHref);
  const count = slides.length;
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);

  // People who ask the system for less motion get a still banner they can advance themselves.
  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setStopped(true);
  }, []);

  useEffect(() => {
    if (hovered || focused || stopped) return;
    const timer = setTimeout(() => setActive((i) => (i + 1) % count), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [active, hovered, focused, stopped, count]);

  const go = (index: number) => setActive(((index % count) + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Öne çıkanlar"
      className="relative overflow-hidden rounded-3xl shadow-lg shadow-brand-900/10"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="grid">
        {slides.map((slide, index) => {
          const isActive = index === active;
          const Icon = slide.icon;
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slayt"
              aria-label={`${index + 1} / ${count}: ${slide.title}`}
              aria-hidden={!isActive}
              inert={!isActive}
              className={clsx(
                'relative bg-gradient-to-br text-white transition-opacity duration-700 ease-out [grid-area:1/1]',
                slide.gradient,
                isActive ? 'z-10 opacity-100' : 'z-0 opacity-0',
              )}
            >
              {/* Decorative light shapes. */}
              <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden">
                <div className="absolute -top-24 -right-16 h-72 w-72 rounded-full bg-white/10 blur-2xl" />
                <div className="absolute -bottom-32 left-1/3 h-80 w-80 rounded-full bg-black/10 blur-3xl" />
              </div>
              <div className="relative flex min-h-[300px] items-center gap-8 px-6 pt-8 pb-16 sm:px-16 md:min-h-[340px] lg:px-20">
                <div className="max-w-xl">
                  <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-semibold tracking-wide uppercase ring-1 ring-white/25">
                    {slide.eyebrow}
                  </p>
                  <h2 className="text-2xl leading-tight font-extrabold tracking-tight sm:text-4xl lg:text-[2.75rem]">
                    {slide.title}
                  </h2>
                  <p className="mt-3 max-w-lg text-sm leading-6 text-white/90 sm:text-base">{slide.text}</p>
                  <div className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3">
                    <Link
                      to={slide.cta.to}
                      className="inline-flex h-11 items-center gap-2 rounded-xl bg-white px-5 text-sm font-bold text-ink shadow-md transition-transform hover:-translate-y-0.5 focus-visible:outline-white dark:text-[#141827]"
                    >
                      {slide.cta.label}
                      <ArrowRight aria-hidden="true" className="h-4 w-4" />
                    </Link>
                    <ul className="hidden flex-wrap gap-x-4 gap-y-1 text-sm text-white/90 sm:flex">
                      {slide.chips.map((chip) => (
                        <li key={chip.label} className="inline-flex items-center gap-1.5">
                          <chip.icon aria-hidden="true" className="h-4 w-4" />
                          {chip.label}
                        </li>
                      ))}
                    </ul>
                  </div>
                </div>
                <div aria-hidden="true" className="ml-auto hidden shrink-0 md:block">
                  <div className="flex h-52 w-52 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/20 lg:h-60 lg:w-60">
                    <div className="flex h-36 w-36 items-center justify-center rounded-full bg-white/15 ring-1 ring-white/25 lg:h-40 lg:w-40">
                      <Icon className="h-16 w-16 lg:h-20 lg:w-20" strokeWidth={1.5} />
                    </div>
                  </div>
                </div>
              </div>
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-3 z-20 flex items-center justify-center gap-2 sm:bottom-4">
        <button
          type="button"
          onClick={() => go(active - 1)}
          aria-label="Önceki slayt"
          className="mr-1 flex h-7 w-7 items-center justify-center rounded-full bg-black/20 text-white focus-visible:outline-white sm:hidden"
        >
          <ChevronLeft aria-hidden="true" className="h-4 w-4" />
        </button>
        {/* Each dot sits in a 24 × 24 px hit area (WCAG 2.5.8 target size); the row's negative
            margin keeps the dots where the gap between the controls put them. */}
        <div className="-mx-1.5 flex items-center">
          {slides.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              onClick={() => go(index)}
              aria-label={`${index + 1}. slayta git`}
              aria-current={index === active ? 'true' : undefined}
              className="group flex h-6 min-w-6 items-center justify-center px-2 focus-visible:outline-white"
            >
              <span
                className={clsx(
                  'block h-2 rounded-full transition-all duration-300',
                  index === active ? 'w-7 bg-white' : 'w-2 bg-white/50 group-hover:bg-white/80',
                )}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? 'Slaytları oynat' : 'Slaytları durdur'}
          className="ml-1 flex h-6 w-6 items-center justify-center rounded-full text-white/80 hover:bg-white/15 hover:text-white focus-visible:outline-white"
        >
          {stopped ? (
            <Play aria-hidden="true" className="h-3.5 w-3.5" />
          ) : (
            <Pause aria-hidden="true" className="h-3.5 w-3.5" />
          )}
        </button>
        <button
          type="button"
          onClick={() => go(active + 1)}
          aria-label="Sonraki slayt"
          className="ml-1 flex h-7 w-7 items-center justify-center rounded-full bg-black/20 text-white focus-visible:outline-white sm:hidden"
        >
          <ChevronRight aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>

      <button
        type="button"
        onClick={() => go(active - 1)}
        aria-label="Önceki slayt"
        className="absolute top-1/2 left-2 z-20 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/20 text-white backdrop-blur transition-colors hover:bg-black/35 sm:flex"
      >
        <ChevronLeft aria-hidden="true" className="h-5 w-5" />
      </button>
      <button
        type="button"
        onClick={() => go(active + 1)}
        aria-label="Sonraki slayt"
        className="absolute top-1/2 right-2 z-20 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/20 text-white backdrop-blur transition-colors hover:bg-black/35 sm:flex"
      >
        <ChevronRight aria-hidden="true" className="h-5 w-5" />
      </button>
    </section>
  );
}
