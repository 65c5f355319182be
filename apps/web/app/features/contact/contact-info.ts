/** Contact channels of the support team (the help centre keeps its own short copy). */
export const CONTACT_CHANNELS = {
  email: 'destek@kiyasla.test',
  phone: '0212 555 01 23',
  phoneHref: 'tel:+902125550123',
  company: 'Kıyasla Teknoloji A.Ş.',
  address: 'Büyükdere Cad. No: 185, Kat: 7, 34394 Levent, Şişli/İstanbul',
} as const;

export const WORKING_HOURS = [
  { days: 'Pazartesi – Cuma', hours: '09:00 – 18:00' },
  { days: 'Cumartesi', hours: '10:00 – 16:00' },
  { days: 'Pazar', hours: 'Kapalı' },
] as const;
