import { Link } from 'react-router';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { CategoryNode } from '@kiyasla/contracts/catalog';
import { PRODUCT_NAME } from '@kiyasla/contracts/constants';
import { categoryHref } from '~/entities/category/utils/categories';
import { Logo } from './logo';
import { NewsletterForm } from './newsletter-form';

/** Contact details; they match the data-controller details quoted on the legal pages. */
const CONTACT = {
  email: 'destek@kiyasla.test',
  phone: '0212 555 01 23',
  phoneHref: 'tel:+902125550123',
  address: 'Büyükdere Cad. No: 185, Kat: 7, 34394 Levent, Şişli/İstanbul',
  hours: ['Pzt–Cum 09:00–18:00', 'Cmt 10:00–16:00'],
} as const;

const SUPPORT_LINKS = [
  { to: '/help', label: 'Yardım Merkezi' },
  { to: '/contact', label: 'İletişim' },
  { to: '/privacy', label: 'Gizlilik Politikası' },
  { to: '/terms', label: 'Kullanım Şartları' },
  { to: '/cookies', label: 'Çerez Politikası' },
  { to: '/privacy-policy', label: 'KVKK Aydınlatma Metni' },
] as const;

const FOOTER_CATEGORY_COUNT = 6;

function FooterHeading({ children }: { children: string }) {
  return <h2 className="text-sm font-semibold tracking-wide text-ink">{children}</h2>;
}

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <li>
      <Link to={to} className="text-sm text-muted transition-colors hover:text-primary">
        {children}
      </Link>
    </li>
  );
}

export function Footer({ categories }: { categories: readonly CategoryNode[] | null }) {
  const topCategories = (categories ?? []).slice(0, FOOTER_CATEGORY_COUNT);
  const firstCategory = topCategories[0];
  const quickLinks = [
    { to: firstCategory ? categoryHref(firstCategory.slug) : '/category/telefon', label: 'Kategoriler' },
    { to: '/#populer-urunler', label: 'Popüler Ürünler' },
    { to: '/price-alerts', label: 'Fiyat Alarmları' },
    { to: '/comparison', label: 'Karşılaştırma' },
    { to: '/stores', label: 'Mağazalar' },
    { to: '/premium-plans', label: 'Premium Üyelik' },
  ];

  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-12">
          <div className="col-span-2 space-y-4 lg:col-span-3">
            <Logo />
            <p className="max-w-sm text-sm leading-6 text-muted">
              {PRODUCT_NAME}, aynı ürünün farklı mağazalardaki fiyatlarını tek sayfada karşılaştırmanızı, fiyat
              geçmişini izlemenizi ve fiyat düştüğünde haberdar olmanızı sağlayan bağımsız bir fiyat karşılaştırma
              platformudur.
            </p>
            <address className="space-y-2 text-sm text-muted not-italic">
              <a href={`mailto:${CONTACT.email}`} className="flex items-center gap-2 hover:text-primary">
                <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
                {CONTACT.email}
              </a>
              <a href={CONTACT.phoneHref} className="flex items-center gap-2 hover:text-primary">
                <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
                {CONTACT.phone}
              </a>
              <p className="flex items-start gap-2">
                <MapPin aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                {CONTACT.address}
              </p>
              <p className="flex items-start gap-2">
                <Clock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
                <span>
                  <span className="sr-only">Çalışma saatleri: </span>
                  {CONTACT.hours.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </span>
              </p>
            </address>
          </div>

          <nav aria-labelledby="footer-quick" className="space-y-3 lg:col-span-2">
            <h2 id="footer-quick" className="text-sm font-semibold tracking-wide text-ink">
              Hızlı Bağlantılar
            </h2>
            <ul className="space-y-2">
              {quickLinks.map((link) => (
                <FooterLink key={link.label} to={link.to}>
                  {link.label}
                </FooterLink>
              ))}
            </ul>
          </nav>

          {topCategories.length > 0 && (
            <nav aria-labelledby="footer-categories" className="space-y-3 lg:col-span-2">
              <h2 id="footer-categories" className="text-sm font-semibold tracking-wide text-ink">
                Kategoriler
              </h2>
              <ul className="space-y-2">
                {topCategories.map((category) => (
                  <FooterLink key={category._id} to={categoryHref(category.slug)}>
                    {category.name}
                  </FooterLink>
                ))}
              </ul>
            </nav>
          )}

          <nav aria-labelledby="footer-support" className="space-y-3 lg:col-span-2">
            <h2 id="footer-support" className="text-sm font-semibold tracking-wide text-ink">
              Destek
            </h2>
            <ul className="space-y-2">
              {SUPPORT_LINKS.map((link) => (
                <FooterLink key={link.to} to={link.to}>
                  {link.label}
                </FooterLink>
              ))}
            </ul>
          </nav>

          <div className="col-span-2 space-y-3 lg:col-span-3">
            <FooterHeading>Fiyat Bülteni</FooterHeading>
            <p className="text-sm text-muted">Haftanın fiyat düşüşleri ve fırsatları e-posta kutunuza gelsin.</p>
            <NewsletterForm />
          </div>
        </div>
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-5 text-xs text-muted sm:flex-row sm:px-6 lg:px-8">
          <p>© 2026 Kıyasla. Tüm hakları saklıdır.</p>
          <p>Fiyatlar mağazalardan alınır; güncel fiyat ve stok bilgisi için mağaza sayfasını kontrol edin.</p>
        </div>
      </div>
    </footer>
  );
}
