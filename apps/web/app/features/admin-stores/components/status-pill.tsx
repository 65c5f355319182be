import type { ReactNode } from 'react';
import clsx from 'clsx';

export type Tone = 'ok' | 'warn' | 'bad' | 'muted';

export function StatusPill({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tone === 'ok' && 'bg-success/15 text-success',
        tone === 'warn' && 'bg-warning/15 text-warning',
        tone === 'bad' && 'bg-danger/15 text-danger',
        tone === 'muted' && 'bg-surface-2 text-muted',
      )}
    >
      {children}
    </span>
  );
}
