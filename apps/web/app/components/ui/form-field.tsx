/**
 * Labelled form controls shared by the account screens: label, control, hint and error, tied
 * together for assistive technology (aria-invalid, aria-describedby).
 */
import { CircleAlert } from 'lucide-react';
import clsx from 'clsx';
import type { ReactNode } from 'react';

export const inputBase =
  'block w-full scroll-mt-32 rounded-xl border bg-surface px-3.5 py-2.5 text-base text-ink shadow-sm transition placeholder:text-muted focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary disabled:cursor-not-allowed disabled:bg-surface-2 disabled:text-muted sm:text-sm';

/** Input classes with the border of its state. */
export function inputClasses(invalid: boolean, className?: string): string {
  return clsx(inputBase, invalid ? 'border-danger focus:border-danger' : 'border-line', className);
}

export const errorId = (id: string) => `${id}-error`;
export const hintId = (id: string) => `${id}-hint`;

/** aria attributes tying a control to its hint and error. */
export function fieldAria(
  id: string,
  { error, hint, required }: { error?: string | undefined; hint?: boolean; required?: boolean } = {},
) {
  // Pass `hint` only when the hint is on screen: a describedby pointing at nothing is an error.
  const describedBy = [error ? errorId(id) : null, hint ? hintId(id) : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** Help under the control; give the control `fieldAria(id, { hint: true })`. */
  hint?: ReactNode;
  required?: boolean;
  /** Shown after the label for optional fields, e.g. "(isteğe bağlı)". */
  optional?: boolean;
  /** Something at the right end of the label row (e.g. "Şifremi unuttum"). */
  labelAside?: ReactNode;
  /** Keep the hint visible under the error (e.g. a password checklist). */
  persistentHint?: boolean;
  className?: string;
  children: ReactNode;
}

export function FormField({
  id,
  label,
  error,
  hint,
  required,
  optional,
  labelAside,
  persistentHint = false,
  className,
  children,
}: FormFieldProps) {
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium text-ink">
          {label}
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          )}
          {optional && <span className="ml-1 font-normal text-muted">(isteğe bağlı)</span>}
        </label>
        {labelAside}
      </div>
      <div className="mt-1.5">{children}</div>
      {error && (
        <p id={errorId(id)} className="mt-1.5 flex items-start gap-1.5 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      )}
      {hint && (!error || persistentHint) && (
        <div id={hintId(id)} className="mt-1.5 text-xs text-muted">
          {hint}
        </div>
      )}
    </div>
  );
}

/** A message box above a form: the server's answer to a submit. */
export function FormAlert({
  tone = 'error',
  title,
  children,
  className,
}: {
  tone?: 'error' | 'success' | 'info';
  title?: string;
  children?: ReactNode;
  className?: string;
}) {
  const look = {
    error: 'border-danger/40 bg-danger/10 text-danger',
    success: 'border-success/40 bg-success/10 text-success',
    info: 'border-info/40 bg-info/10 text-info',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx('rounded-xl border px-4 py-3 text-sm', look, className)}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={clsx(title && 'mt-0.5', 'text-ink/90')}>{children}</div>}
    </div>
  );
}

/**
 * Spread on a form's submit button. Pressing it would first blur the focused field, whose live
 * validation then inserts an error above the button and moves it before the mouse is released:
 * the click would be lost. Keeping the focus where it is lets the submit validate everything.
 */
export const submitWithoutBlur = {
  onMouseDown: (event: { preventDefault: () => void }) => event.preventDefault(),
} as const;
