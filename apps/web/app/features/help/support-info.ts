/** Support channel details shown on the help centre (the contact page keeps its own copy). */
export const SUPPORT_EMAIL = 'destek@kiyasla.test';

export const WORKING_HOURS = [
  { days: 'Pazartesi – Cuma', hours: '09:00 – 18:00' },
  { days: 'Cumartesi', hours: '10:00 – 16:00' },
  { days: 'Pazar', hours: 'Kapalı' },
] as const;

export const RESPONSE_TIMES = [
  { topic: 'E-posta ile genel sorular', time: '24 saat içinde' },
  { topic: 'Teknik sorunlar', time: '2-4 saat' },
  { topic: 'İş birliği talepleri', time: '1-3 gün' },
] as const;
