import { CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';

export const inputClasses =
  'block w-full scroll-mt-32 rounded-xl border bg-surface px-4 py-2.5 text-base text-ink shadow-sm transition placeholder:text-muted focus:border-primary focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60 sm:text-sm';

export function fieldBorder(invalid: boolean): string {
  return invalid ? 'border-danger' : 'border-line';
}

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  /** Extra text under the control (e.g. a character counter). */
  hint?: ReactNode;
  children: ReactNode;
}

/** Label with the mandatory star, the control, and its error. All contact fields are required. */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      </label>
      <div className="mt-1.5">{children}</div>
      {(error || hint) && (
        <div className="mt-1.5 flex items-start justify-between gap-3 text-sm">
          {error ? (
            <p id={`${id}-hata`} className="flex items-start gap-1.5 text-danger">
              <CircleExclamationPoint className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {error}
            </p>
          ) : (
            <span />
          )}
          {hint}
        </div>
      )}
    </div>
  );
}

/** aria attributes tying a control to its error message. */
export function fieldAria(id: string, error: string | undefined) {
  return {
    'aria-required': true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-hata` : undefined,
  } as const;
}
