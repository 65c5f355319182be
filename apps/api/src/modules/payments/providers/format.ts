import { kurusToTry } from '@kiyasla/contracts/money';

/** Money in the tr-TR format of the screens and e-mails (₺1.429,99). */
export function formatTry(kurus: number, currency = 'TRY'): string {
  return new Intl.NumberFormat('tr-TR', { style: 'currency', currency }).format(kurusToTry(kurus));
}

/** A date as the e-mails show it: 23 Kasım 2026. */
export function formatDateTr(date: Date): string {
  return new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Istanbul',
  }).format(date);
}
