import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import clsx from 'clsx';
import { inputClasses } from './form-field';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & { invalid?: boolean };

/** A password box with a show/hide button; the ref reaches the input (react-hook-form). */
export function PasswordInput({ invalid = false, className, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input
        {...props}
        type={visible ? 'text' : 'password'}
        className={inputClasses(invalid, clsx('pr-11', className))}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? 'Şifreyi gizle' : 'Şifreyi göster'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-xl text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-primary"
      >
        {visible ? (
          <EyeOff aria-hidden="true" className="size-[18px]" />
        ) : (
          <Eye aria-hidden="true" className="size-[18px]" />
        )}
      </button>
    </div>
  );
}
