import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  title,
  description,
  action,
}: {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="mb-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
          {title}
        </h2>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
    </div>
  );
}
