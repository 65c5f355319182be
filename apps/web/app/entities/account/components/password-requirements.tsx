import { Check, Circle } from 'lucide-react';
import clsx from 'clsx';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_MAX_LENGTH, type PasswordPolicy } from '@kiyasla/contracts/user';

interface Requirement {
  label: string;
  met: (password: string) => boolean;
}

/** The rules of a password policy, each with its own test (the same tests as passwordMeetsPolicy). */
export function passwordRequirements(policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): Requirement[] {
  const list: Array<Requirement | false> = [
    {
      label: `En az ${policy.minLength} karakter`,
      met: (p) => [...p].length >= policy.minLength && p.length <= PASSWORD_MAX_LENGTH,
    },
    policy.requireUppercase && { label: 'Bir büyük harf', met: (p) => /\p{Lu}/u.test(p) },
    policy.requireLowercase && { label: 'Bir küçük harf', met: (p) => /\p{Ll}/u.test(p) },
    policy.requireNumbers && { label: 'Bir rakam', met: (p) => /\p{Nd}/u.test(p) },
    policy.requireSymbols && { label: 'Bir özel karakter (!, @, #, ? gibi)', met: (p) => /[^\p{L}\p{N}\s]/u.test(p) },
  ];
  return list.filter((r): r is Requirement => Boolean(r));
}

/** A live checklist under a new-password field. */
export function PasswordRequirements({
  password,
  policy,
  id,
  className,
}: {
  password: string;
  policy?: PasswordPolicy | undefined;
  id?: string;
  className?: string;
}) {
  const rules = passwordRequirements(policy);
  return (
    <ul id={id} className={clsx('grid gap-x-4 gap-y-1 text-xs sm:grid-cols-2', className)}>
      {rules.map((rule) => {
        const met = rule.met(password);
        return (
          <li key={rule.label} className={clsx('flex items-center gap-1.5', met ? 'text-success' : 'text-muted')}>
            {met ? (
              <Check aria-hidden="true" className="size-3.5 shrink-0" />
            ) : (
              <Circle aria-hidden="true" className="size-3 shrink-0" />
            )}
            {rule.label}
            <span className="sr-only">{met ? ' (karşılandı)' : ' (karşılanmadı)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
