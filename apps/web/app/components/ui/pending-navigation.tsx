import { useNavigation } from 'react-router';
import { LoaderCircle } from 'lucide-react';

/**
 * 'Yükleniyor...' while a client-side navigation to a matching page loads its data (the
 * current page stays on screen until then).
 */
export function PendingNavigation({ match }: { match: (pathname: string) => boolean }) {
  const navigation = useNavigation();
  const pending = navigation.state === 'loading' && match(navigation.location.pathname);
  return (
    <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-3 z-[90] flex justify-center">
      {pending && (
        <p
          role="status"
          className="inline-flex items-center gap-2 rounded-full border border-line bg-surface px-4 py-2 text-sm font-semibold text-ink shadow-lg"
        >
          <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin text-primary" />
          Yükleniyor...
        </p>
      )}
    </div>
  );
}
