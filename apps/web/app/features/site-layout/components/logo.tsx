import { useId } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { PRODUCT_NAME } from '@kiyasla/contracts/constants';

/** The brand mark: a "K" whose lower stroke turns into a check — compared and verified. */
export function LogoMark({ className }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#4338ca" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <path
        d="M9 22V10m0 6 7-6m-7 6 7 6"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M19 20.5 22 23l4-6"
        fill="none"
        stroke="#6ee7b7"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo({ className, tone = 'default' }: { className?: string; tone?: 'default' | 'light' }) {
  return (
    <Link
      to="/"
      aria-label={`${PRODUCT_NAME} ana sayfa`}
      className={clsx('flex shrink-0 items-center gap-2 rounded-lg', className)}
    >
      <LogoMark className="h-8 w-8" />
      <span className={clsx('text-xl font-extrabold tracking-tight', tone === 'light' ? 'text-white' : 'text-ink')}>
        {PRODUCT_NAME}
      </span>
    </Link>
  );
}
