import type { ReactNode } from 'react';

export interface LegalSection {
  /** Anchor id, used by the table of contents (`#id`). */
  id: string;
  title: string;
  content: ReactNode;
}

/** Dates stated by the specification for the policy pages. */
export const LEGAL_LAST_UPDATED = '15 Aralık 2024';
export const TERMS_EFFECTIVE_DATE = '1 Ocak 2025';

/** Every legal document of the site, for the "related documents" list. */
export const LEGAL_DOCUMENTS = [
  { href: '/privacy', title: 'Gizlilik Politikası', summary: 'Hangi verileri neden işlediğimiz ve haklarınız.' },
  {
    href: '/privacy-policy',
    title: 'KVKK Aydınlatma Metni',
    summary: '6698 sayılı Kanun kapsamında kısa bilgilendirme.',
  },
  { href: '/terms', title: 'Kullanım Şartları', summary: 'Hizmetin, üyeliğin ve Premium aboneliğin kuralları.' },
  { href: '/cookies', title: 'Çerez Politikası', summary: 'Çerez türleri, süreleri ve tercihleriniz.' },
] as const;

/** Data controller details quoted by the legal texts. */
export const DATA_CONTROLLER = {
  name: 'Kıyasla Teknoloji A.Ş.',
  address: 'Büyükdere Cad. No: 185, Kat: 7, 34394 Levent, Şişli/İstanbul',
  privacyEmail: 'kvkk@kiyasla.test',
  supportEmail: 'destek@kiyasla.test',
  phone: '0212 555 01 23',
  phoneHref: 'tel:+902125550123',
} as const;
