import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Activity, Crown, Settings, Trophy, UserRound, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';

export const PROFILE_TABS = ['profil', 'premium', 'aktivite', 'basarilar', 'ayarlar'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const LABELS: Record<ProfileTab, { label: string; icon: LucideIcon }> = {
  profil: { label: 'Profil', icon: UserRound },
  premium: { label: 'Premium', icon: Crown },
  aktivite: { label: 'Aktivite', icon: Activity },
  basarilar: { label: 'Başarılar', icon: Trophy },
  ayarlar: { label: 'Ayarlar', icon: Settings },
};

export function parseProfileTab(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'profil';
}

export const tabId = (tab: ProfileTab) => `profile-tab-${tab}`;
export const panelId = (tab: ProfileTab) => `profile-panel-${tab}`;

/** The five tabs of spec §2 (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function ProfileTabs({ value, onChange }: { value: ProfileTab; onChange: (tab: ProfileTab) => void }) {
  const refs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});
  const list = useRef<HTMLDivElement>(null);

  // On phones the row scrolls sideways: keep the selected tab in sight (only sideways).
  useEffect(() => {
    const tab = refs.current[value];
    const row = list.current;
    if (!tab || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollTo({ left: tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2, behavior: 'smooth' });
  }, [value]);

  function onKeyDown(event: KeyboardEvent) {
    const index = PROFILE_TABS.indexOf(value);
    const last = PROFILE_TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % PROFILE_TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + PROFILE_TABS.length) % PROFILE_TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = PROFILE_TABS[next] ?? 'profil';
    onChange(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Profil bölümleri"
      onKeyDown={onKeyDown}
      className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
    >
      {PROFILE_TABS.map((tab) => {
        const { label, icon: Icon } = LABELS[tab];
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            id={tabId(tab)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(tab)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            className={clsx(
              '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3.5 py-3 text-sm font-semibold whitespace-nowrap transition-colors',
              selected
                ? 'border-primary text-primary'
                : 'border-transparent text-muted hover:border-line hover:text-ink',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        );
      })}
    </div>
  );
}
