import { CircleAlert, RotateCcw } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button-styles';
import { Skeleton } from '~/components/ui/skeleton';

export function TabLoading({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <p className="sr-only" role="status">
        Yükleniyor...
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full rounded-xl" />
      ))}
    </div>
  );
}

export function TabError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-2xl border border-line px-6 py-10 text-center">
      <CircleAlert aria-hidden="true" className="size-8 text-danger" />
      <p className="mt-3 font-medium text-ink">{message}</p>
      <button type="button" onClick={onRetry} className={buttonClasses('outline', 'sm', 'mt-4')}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Tekrar dene
      </button>
    </div>
  );
}
