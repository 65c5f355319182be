import {
  Camera,
  Dumbbell,
  Headphones,
  Laptop,
  Puzzle,
  Shirt,
  Smartphone,
  Tablet,
  Tag,
  Tv,
  Watch,
  WashingMachine,
  type LucideIcon,
} from 'lucide-react';
import clsx from 'clsx';
import type { Category } from '@kiyasla/contracts/catalog';

/** Icons for the catalogue's known category slugs. */
const SLUG_ICONS: Record<string, LucideIcon> = {
  telefon: Smartphone,
  laptop: Laptop,
  tablet: Tablet,
  kulaklik: Headphones,
  televizyon: Tv,
  kamera: Camera,
  spor: Dumbbell,
  'beyaz-esya': WashingMachine,
  oyuncak: Puzzle,
  giyim: Shirt,
  aksesuar: Watch,
};

/**
 * Known slugs get their lucide icon, so the bar and tiles look the same on every platform
 * (emoji rendering varies and some systems have no emoji font). Other categories show their
 * `icon` emoji, else a tag. Decorative either way.
 */
export function CategoryIcon({
  category,
  className,
}: {
  category: Pick<Category, 'icon' | 'slug'>;
  className?: string;
}) {
  const Known = SLUG_ICONS[category.slug];
  if (Known) return <Known aria-hidden="true" className={className} />;
  const emoji = category.icon?.trim();
  if (emoji) {
    return (
      <span aria-hidden="true" className={clsx('inline-flex items-center justify-center leading-none', className)}>
        {emoji}
      </span>
    );
  }
  return <Tag aria-hidden="true" className={className} />;
}
