import * as Switch from '@radix-ui/react-switch';
import { Check, ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatDate } from '~/lib/format-date';
import { toast } from '~/lib/toast';
import { COOKIE_CATEGORIES, type CookieCategoryInfo } from '../cookie-catalog';
import {
  ALL_COOKIES_ACCEPTED,
  ONLY_NECESSARY_COOKIES,
  saveCookiePreferences,
  type CookieChoices,
  type OptionalCookieCategory,
} from '../cookie-preferences';
import { useStoredCookiePreferences } from '../use-cookie-preferences';

const SAVED_TITLE = 'Çerez tercihleriniz kaydedildi';

function choicesOf(preferences: CookieChoices): CookieChoices {
  return { functional: preferences.functional, analytics: preferences.analytics, marketing: preferences.marketing };
}

function sameChoices(a: CookieChoices, b: CookieChoices): boolean {
  return a.functional === b.functional && a.analytics === b.analytics && a.marketing === b.marketing;
}

function formatSavedAt(iso: string): string {
  const time = new Date(iso).toLocaleTimeString('tr-TR', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Istanbul',
  });
  return `${formatDate(iso)} ${time}`;
}

/**
 * Preference toggles. Shows the stored choices (defaults until the browser's value is read),
 * lets the visitor change them locally, and saves on one of the three buttons.
 */
export function CookiePreferencesPanel() {
  const stored = useStoredCookiePreferences();
  const [draft, setDraft] = useState<CookieChoices | null>(null);
  const current = draft ?? choicesOf(stored);
  const dirty = draft !== null && !sameChoices(draft, stored);

  function toggle(key: OptionalCookieCategory, on: boolean) {
    setDraft({ ...current, [key]: on });
  }

  function persist(choices: CookieChoices) {
    try {
      saveCookiePreferences(choices);
      setDraft(null);
      toast.success(SAVED_TITLE);
    } catch {
      setDraft(choices);
      toast.error(
        'Çerez tercihleriniz kaydedilemedi',
        'Tarayıcınız site verilerinin saklanmasına izin vermiyor olabilir. Tarayıcı ayarlarınızı kontrol edin.',
      );
    }
  }

  let status: string;
  if (dirty) status = 'Kaydedilmemiş değişiklikleriniz var.';
  else if (stored.updatedAt) status = `Tercihleriniz ${formatSavedAt(stored.updatedAt)} tarihinde kaydedildi.`;
  else status = 'Henüz bir tercih kaydetmediniz; varsayılan ayarlar geçerli.';

  return (
    <div className="rounded-2xl border border-line bg-page/60 p-4 sm:p-6">
      <div className="divide-y divide-line">
        {COOKIE_CATEGORIES.map((category) => (
          <PreferenceRow
            key={category.key}
            category={category}
            checked={category.key === 'necessary' ? true : current[category.key]}
            onCheckedChange={
              category.key === 'necessary' ? undefined : (on) => toggle(category.key as OptionalCookieCategory, on)
            }
          />
        ))}
      </div>

      <p
        role="status"
        className={`mt-4 flex items-center gap-2 text-sm ${dirty ? 'font-medium text-warning' : 'text-muted'}`}
      >
        {!dirty && stored.updatedAt && <Check className="size-4 shrink-0 text-success" aria-hidden="true" />}
        {status}
      </p>

      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <button type="button" onClick={() => persist(current)} className={buttonClasses('primary', 'lg')}>
          Tercihleri Kaydet
        </button>
        <button
          type="button"
          onClick={() => persist(ALL_COOKIES_ACCEPTED)}
          className={buttonClasses('secondary', 'lg')}
        >
          Tümünü Kabul Et
        </button>
        <button
          type="button"
          onClick={() => persist(ONLY_NECESSARY_COOKIES)}
          className={buttonClasses('outline', 'lg')}
        >
          Yalnızca Zorunlu
        </button>
      </div>
    </div>
  );
}

interface PreferenceRowProps {
  category: CookieCategoryInfo;
  checked: boolean;
  /** Absent for necessary cookies, which are always on. */
  onCheckedChange?: (on: boolean) => void;
}

function PreferenceRow({ category, checked, onCheckedChange }: PreferenceRowProps) {
  const id = useId();
  const switchId = `${id}-anahtar`;
  const descriptionId = `${id}-aciklama`;
  const locked = onCheckedChange === undefined;

  return (
    <div className="py-4 first:pt-0 last:pb-0">
      <div className="flex items-center justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <label htmlFor={switchId} className={`font-semibold text-ink ${locked ? '' : 'cursor-pointer'}`}>
            {category.title}
          </label>
          {locked && (
            <span className="inline-flex items-center gap-1 rounded-full border border-success/40 bg-surface px-2.5 py-0.5 text-xs font-semibold text-success">
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              Her zaman aktif
            </span>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <span aria-hidden="true" className="hidden w-10 text-right text-xs font-medium text-muted sm:inline">
            {checked ? 'Açık' : 'Kapalı'}
          </span>
          <Switch.Root
            id={switchId}
            checked={checked}
            disabled={locked}
            onCheckedChange={onCheckedChange}
            aria-describedby={descriptionId}
            className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full bg-switch-off p-0.5 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-70 data-[state=checked]:bg-primary"
          >
            <Switch.Thumb className="block size-6 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform duration-150 data-[state=checked]:translate-x-5" />
          </Switch.Root>
        </div>
      </div>
      <p id={descriptionId} className="mt-1.5 text-sm leading-6 text-muted sm:pr-28">
        {category.description}
      </p>
    </div>
  );
}
