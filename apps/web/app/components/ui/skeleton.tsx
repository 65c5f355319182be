import clsx from 'clsx';

/** A grey placeholder block; decorative, so hidden from assistive technology. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse rounded-md bg-surface-2', className)} />;
}
