import type { FeedImportSource, FeedImportStatus } from '@kiyasla/contracts/admin-stores';

export const IMPORT_STATUS_LABELS: Record<FeedImportStatus, string> = {
  running: 'Sürüyor',
  succeeded: 'Başarılı',
  refused: 'Reddedildi',
  held: 'Bekletildi',
  failed: 'Başarısız',
  'not-modified': 'Değişiklik yok',
};

export const IMPORT_SOURCE_LABELS: Record<FeedImportSource, string> = {
  upload: 'Dosya yükleme',
  cli: 'Komut satırı',
  schedule: 'Zamanlanmış çekim',
};

export const IMPORT_STATUS_TONE: Record<FeedImportStatus, 'ok' | 'warn' | 'bad' | 'muted'> = {
  running: 'muted',
  succeeded: 'ok',
  refused: 'bad',
  held: 'warn',
  failed: 'bad',
  'not-modified': 'muted',
};

/** 90 → "1 saat 30 dakika", 1440 → "1 gün". */
export function formatMinutes(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  return (
    [days && `${days} gün`, hours && `${hours} saat`, rest && `${rest} dakika`].filter(Boolean).join(' ') || '0 dakika'
  );
}
