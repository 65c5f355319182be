import type { ImportFeedResult } from '../import/types';

const STATUS_TEXT: Record<ImportFeedResult['status'], string> = {
  succeeded: 'tamamlandı',
  held: 'şüpheli bulundu, pasifleştirme yapılmadı',
  refused: 'reddedildi, hiçbir şey değişmedi',
  failed: 'yarıda kaldı',
  'not-modified': 'değişiklik yok',
};

const n = (value: number) => value.toLocaleString('tr-TR');
const tl = (value: number) =>
  value.toLocaleString('tr-TR', { style: 'currency', currency: 'TRY', minimumFractionDigits: 2 });

/** The import's report as the CLI prints it (Turkish, one fact per line). */
export function reportLines(storeName: string, result: ImportFeedResult): string[] {
  const r = result.report;
  const lines = [
    `${storeName}: içe aktarım ${STATUS_TEXT[result.status]} (${result.format ?? 'biçim belirlenemedi'}${result.mode ? `, ${result.mode}` : ''})`,
  ];
  if (result.error) lines.push(`  ${result.error.code}: ${result.error.message}`);
  lines.push(
    `  alınan ${n(r.received)} · eşleşen ${n(r.matched)} · yeni teklif ${n(r.created)} · güncellenen ${n(r.updated)} · değişmeyen ${n(r.unchanged)}`,
    `  pasifleştirilen ${n(r.deactivated)} · eşleşmeyen ${n(r.unmatched)} · reddedilen ${n(r.rejected)} · fiyat değişikliği ${n(r.priceChanges)}`,
  );
  if (r.held) {
    lines.push(
      `  ${n(r.held.wouldDeactivate)} / ${n(r.held.activeOffers)} aktif teklif pasifleşecekti; akış doğruysa --force ile yeniden çalıştırın.`,
    );
  }
  for (const change of r.priceChangeSamples.slice(0, 10)) {
    lines.push(`  fiyat: ${change.sku} ${tl(change.oldPrice)} → ${tl(change.newPrice)}`);
  }
  if (r.priceChanges > 10) lines.push(`  … ve ${n(r.priceChanges - 10)} fiyat değişikliği daha`);
  for (const rejected of r.rejectedSamples.slice(0, 10)) {
    lines.push(
      `  reddedildi: satır/öğe ${rejected.line}${rejected.sku ? ` (${rejected.sku})` : ''}: ${rejected.reason}`,
    );
  }
  if (r.rejected > 10) lines.push(`  … ve ${n(r.rejected - 10)} reddedilen öğe daha`);
  lines.push(`  süre ${(r.durationMs / 1000).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} sn`);
  return lines;
}

/** 0 imported, 2 refused, 3 held (applied, nothing deactivated), 1 failed. */
export function exitCodeOf(result: ImportFeedResult): number {
  switch (result.status) {
    case 'succeeded':
    case 'not-modified':
      return 0;
    case 'refused':
      return 2;
    case 'held':
      return 3;
    default:
      return 1;
  }
}
