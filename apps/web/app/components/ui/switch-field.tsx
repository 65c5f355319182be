import { useId, type ReactNode } from 'react';
import * as Switch from '@radix-ui/react-switch';
import clsx from 'clsx';

interface SwitchFieldProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Extra marks next to the label (e.g. "Bu cihazda"). */
  badge?: ReactNode;
  className?: string;
}

/** A labelled on/off switch row (role="switch", announced with its label and description). */
export function SwitchField({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  badge,
  className,
}: SwitchFieldProps) {
  const id = useId();
  const switchId = `${id}-switch`;
  const descriptionId = `${id}-description`;
  return (
    <div className={clsx('flex items-start justify-between gap-4 py-4', className)}>
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={switchId} className={clsx('font-medium text-ink', !disabled && 'cursor-pointer')}>
            {label}
          </label>
          {badge}
        </div>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm leading-6 text-muted">
            {description}
          </p>
        )}
      </div>
      <Switch.Root
        id={switchId}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? descriptionId : undefined}
        className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-switch-off p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:bg-primary"
      >
        <Switch.Thumb className="block size-6 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform duration-150 data-[state=checked]:translate-x-5" />
      </Switch.Root>
    </div>
  );
}
