import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import type { UserRole } from '@kiyasla/contracts/constants';
import { sectionsFor } from '../utils/admin-sections';

/** The lists the header search reaches; each reads `?q=` as its search, applied at once. */
const SEARCHABLE = [
  { to: '/admin/users', label: 'Kullanıcılar' },
  { to: '/admin/products', label: 'Ürünler' },
  { to: '/admin/categories', label: 'Kategoriler' },
  { to: '/admin/stores', label: 'Mağazalar' },
  { to: '/admin/subscriptions', label: 'Abonelikler' },
] as const;

/**
 * The header's search box (the specification's does nothing; ours works): pick a list the role
 * may open, type, and land on that list with the search applied.
 */
export function AdminSearch({
  role,
  className = 'hidden md:flex',
  onSearched,
}: {
  role: UserRole;
  className?: string;
  /** After the navigation (the mobile menu closes). */
  onSearched?: () => void;
}) {
  const id = useId();
  const allowed = new Set(sectionsFor(role).map((s) => s.to));
  const targets = SEARCHABLE.filter((t) => allowed.has(t.to));
  const [target, setTarget] = useState<string>(targets[0]?.to ?? '');
  const [q, setQ] = useState('');
  const navigate = useNavigate();

  if (targets.length === 0) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = q.trim();
    navigate(text ? `${target}?q=${encodeURIComponent(text)}` : target);
    onSearched?.();
  };

  return (
    <form role="search" aria-label="Yönetim araması" onSubmit={submit} className={`items-center gap-1 ${className}`}>
      <label htmlFor={`${id}-target`} className="sr-only">
        Aranacak liste
      </label>
      <select
        id={`${id}-target`}
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        className="h-9 rounded-lg border border-line bg-surface px-2 text-sm text-ink"
      >
        {targets.map((t) => (
          <option key={t.to} value={t.to}>
            {t.label}
          </option>
        ))}
      </select>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted"
        />
        <label htmlFor={`${id}-q`} className="sr-only">
          Yönetimde ara
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Ara..."
          className="h-9 w-full min-w-0 rounded-lg sm:w-56 border border-line bg-surface pr-3 pl-8 text-sm text-ink placeholder:text-muted"
        />
      </div>
    </form>
  );
}
