import type { ReactNode } from 'react';
import { LoaderCircle, type LucideIcon } from 'lucide-react';
import { buttonClasses } from './button-styles';
import { submitWithoutBlur } from './form-field';

/**
 * A form's submit button: disabled with a spinner while the form is sent, and it keeps the focus
 * in the form when pressed (`submitWithoutBlur`), so a field's live validation cannot move it away
 * from under the pointer.
 */
export function SubmitButton({
  pending,
  icon: Icon,
  pendingLabel,
  size = 'lg',
  className,
  children,
}: {
  pending: boolean;
  /** Shown before the label while idle; without one, only the spinner shows, while pending. */
  icon?: LucideIcon;
  /** The label while pending, when it says something else (e.g. 'Giriş yapılıyor...'). */
  pendingLabel?: ReactNode;
  size?: 'md' | 'lg';
  className?: string;
  children: ReactNode;
}) {
  const iconSize = size === 'lg' ? 'size-5' : 'size-4';
  return (
    <button
      type="submit"
      {...submitWithoutBlur}
      disabled={pending}
      className={buttonClasses('primary', size, className)}
    >
      {pending ? (
        <LoaderCircle aria-hidden="true" className={`${iconSize} animate-spin`} />
      ) : (
        Icon && <Icon aria-hidden="true" className={iconSize} />
      )}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
