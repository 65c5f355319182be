import { useState } from 'react';
import clsx from 'clsx';

/** "Ayşe Yılmaz" → "AY" (Turkish upper case, so "ilkay" gives "İ"). */
export function initialsOf(firstName: string, lastName: string): string {
  const first = firstName.trim().charAt(0);
  const last = lastName.trim().charAt(0);
  return `${first}${last}`.toLocaleUpperCase('tr-TR') || '?';
}

interface UserAvatarProps {
  firstName: string;
  lastName: string;
  src?: string | null | undefined;
  className?: string;
  /** Decorative next to the name (default); otherwise announced as "<name> profil resmi". */
  decorative?: boolean;
}

/** The profile picture, or the initials on a tinted circle when there is none (or it fails to load). */
export function UserAvatar({ firstName, lastName, src, className, decorative = true }: UserAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = `${firstName} ${lastName}`.trim();
  const alt = decorative ? '' : `${name} profil resmi`;
  if (src && failedSrc !== src) {
    return (
      <img
        src={src}
        alt={alt}
        onError={() => setFailedSrc(src)}
        className={clsx('shrink-0 rounded-full bg-surface-2 object-cover', className)}
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : alt}
      aria-hidden={decorative ? true : undefined}
      className={clsx(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary select-none',
        className,
      )}
    >
      {initialsOf(firstName, lastName)}
    </span>
  );
}
