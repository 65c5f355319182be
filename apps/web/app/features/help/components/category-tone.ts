/** Icon tile colours per help category; semantic tokens only so both themes work. */
const TONES: Record<string, string> = {
  baslarken: 'bg-primary-soft text-primary',
  alisveris: 'bg-info/10 text-info',
  'fiyat-alarmlari': 'bg-danger/10 text-danger',
  karsilastirma: 'bg-success/10 text-success',
  'hesap-yonetimi': 'bg-price/10 text-price',
  premium: 'bg-warning/10 text-warning',
};

export function categoryTone(slug: string): string {
  return TONES[slug] ?? 'bg-primary-soft text-primary';
}
