import { Share2 } from 'lucide-react';
import clsx from 'clsx';
import { toast } from '~/lib/toast';

/** Shares through the device's share sheet (Web Share API), else copies the address. */
export async function shareLink(title: string, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      // The user closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Bağlantı kopyalandı', 'Ürün bağlantısı panoya kopyalandı.');
  } catch {
    toast.error('Bağlantı kopyalanamadı', url);
  }
}

export function ShareButton({ title, className }: { title: string; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => void shareLink(title, `${window.location.origin}${window.location.pathname}`)}
      className={clsx(
        'inline-flex h-10 min-w-10 items-center justify-center gap-2 rounded-lg border border-line bg-surface px-3 text-sm font-semibold text-ink transition-colors hover:border-primary hover:text-primary',
        className,
      )}
    >
      <Share2 aria-hidden="true" className="h-4 w-4" />
      {/* Icon only on phones, so the product's actions stay on one line. */}
      <span className="sr-only sm:not-sr-only">Paylaş</span>
    </button>
  );
}
