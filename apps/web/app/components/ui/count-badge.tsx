import clsx from 'clsx';

/** The small count bubble on header icons; renders nothing without text (count 0). */
export function CountBadge({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'pointer-events-none absolute -top-1 -right-1 flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-bold text-white ring-2 ring-surface dark:text-page',
        className,
      )}
    >
      {text}
    </span>
  );
}
