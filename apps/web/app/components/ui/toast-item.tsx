import { useEffect, useState } from 'react';
import { CircleAlert, CircleCheck, CircleX, Info, X, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';
import { dismissToast, pauseToast, resumeToast, type Toast, type ToastType } from '~/lib/toast';

const look: Record<ToastType, { icon: LucideIcon; accent: string; iconColour: string; label: string }> = {
  success: { icon: CircleCheck, accent: 'border-l-success', iconColour: 'text-success', label: 'Başarılı' },
  error: { icon: CircleX, accent: 'border-l-danger', iconColour: 'text-danger', label: 'Hata' },
  warning: { icon: CircleAlert, accent: 'border-l-warning', iconColour: 'text-warning', label: 'Uyarı' },
  info: { icon: Info, accent: 'border-l-info', iconColour: 'text-info', label: 'Bilgi' },
};

/**
 * One toast; its code loads once the page is idle (see Toaster). It stays while the pointer is
 * over it or focus is inside it, so there is time to read it and reach its buttons.
 */
export function ToastItem({ item }: { item: Toast }) {
  const { icon: Icon, accent, iconColour, label } = look[item.type];
  const shown = item.phase === 'visible';
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;

  useEffect(() => {
    if (!held) return;
    pauseToast(item.id);
    return () => resumeToast(item.id);
  }, [held, item.id]);

  return (
    <li
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className={clsx(
        'pointer-events-auto w-full overflow-hidden rounded-xl border border-l-4 border-line bg-surface shadow-lg shadow-black/10 transition-all duration-300 ease-out dark:shadow-black/40',
        accent,
        shown ? 'translate-x-0 opacity-100' : 'translate-x-8 opacity-0',
      )}
    >
      <div className="flex items-start gap-3 p-4">
        <Icon aria-hidden="true" className={clsx('mt-0.5 h-5 w-5 shrink-0', iconColour)} />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-ink">
            <span className="sr-only">{label}: </span>
            {item.title}
          </p>
          {item.message && <p className="mt-1 text-sm break-words text-muted">{item.message}</p>}
          {item.action && (
            <button
              type="button"
              onClick={() => {
                item.action?.onClick();
                dismissToast(item.id);
              }}
              className="mt-2 text-sm font-semibold text-primary hover:underline"
            >
              {item.action.label}
            </button>
          )}
        </div>
        <button
          type="button"
          onClick={() => dismissToast(item.id)}
          aria-label="Kapat"
          className="-m-1 rounded-md p-1 text-muted transition-colors hover:bg-surface-2 hover:text-ink"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </li>
  );
}
