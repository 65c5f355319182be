/**
 * Button looks shared by <button> and <Link>: navigation stays a link, actions stay buttons,
 * and both look alike.
 */
import clsx from 'clsx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-ink shadow-sm hover:bg-brand-700 dark:hover:bg-brand-300',
  secondary: 'bg-primary-soft text-primary hover:bg-brand-100 dark:hover:bg-brand-900',
  outline: 'border border-line bg-surface text-ink hover:border-primary hover:text-primary',
  ghost: 'text-ink hover:bg-surface-2',
  inverse: 'bg-white text-brand-700 shadow-sm hover:bg-brand-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string): string {
  return clsx(base, variants[variant], sizes[size], className);
}
