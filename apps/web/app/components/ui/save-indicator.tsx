import { Check, LoaderCircle } from 'lucide-react';

/** "Kaydediliyor..." / "Kaydedildi" next to settings that save as they change (announced politely). */
export function SaveIndicator({ state }: { state: 'idle' | 'saving' | 'saved' }) {
  return (
    <span role="status" className="inline-flex h-5 items-center gap-1 text-xs text-muted">
      {state === 'saving' && (
        <>
          <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
          Kaydediliyor...
        </>
      )}
      {state === 'saved' && (
        <>
          <Check aria-hidden="true" className="size-3.5 text-success" />
          Kaydedildi
        </>
      )}
    </span>
  );
}
