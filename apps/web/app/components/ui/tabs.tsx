/**
 * WAI-ARIA tabs with automatic activation: ← / → move between tabs (wrapping), Home / End jump to
 * the ends, and only the selected tab is in the tab order. The comparison page, the profile and
 * the product page use them; each keeps its own look (`variant`) and ids (`idPrefix`).
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import clsx from 'clsx';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  icon?: LucideIcon;
}

export const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;
export const tabPanelId = (idPrefix: string, key: string) => `${idPrefix}-panel-${key}`;

const LOOK = {
  /** Icon and label, underlined; the row scrolls sideways on phones, edge to edge. */
  section: {
    list: 'relative -mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 [scrollbar-width:none] sm:mx-0 sm:px-0',
    tab: '-mb-px inline-flex shrink-0 items-center gap-2 border-b-2 px-3.5 py-3 text-sm font-semibold whitespace-nowrap transition-colors',
    idle: 'border-transparent text-muted hover:border-line hover:text-ink',
  },
  /** Labels sharing the width on phones, larger from `sm` up. */
  fill: {
    list: 'flex gap-1 overflow-x-auto border-b border-line',
    tab: '-mb-px flex-1 shrink-0 border-b-2 px-2 py-3 text-sm font-semibold whitespace-nowrap transition-colors sm:flex-none sm:px-5 sm:text-base',
    idle: 'border-transparent text-muted hover:text-ink',
  },
} as const;

export function TabList<K extends string>({
  tabs,
  value,
  onChange,
  label,
  idPrefix,
  variant = 'section',
  keepSelectedInView = false,
}: {
  tabs: ReadonlyArray<TabItem<K>>;
  value: K;
  onChange: (key: K) => void;
  /** The accessible name of the tab list. */
  label: string;
  /** Tabs get `<idPrefix>-tab-<key>`, their panels `<idPrefix>-panel-<key>`. */
  idPrefix: string;
  variant?: keyof typeof LOOK;
  /** When the row scrolls sideways (phones), scroll the selected tab into the middle of it. */
  keepSelectedInView?: boolean;
}) {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const list = useRef<HTMLDivElement>(null);
  const look = LOOK[variant];

  useEffect(() => {
    if (!keepSelectedInView) return;
    const tab = refs.current[value];
    const row = list.current;
    if (!tab || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollTo({ left: tab.offsetLeft - (row.clientWidth - tab.offsetWidth) / 2, behavior: 'smooth' });
  }, [value, keepSelectedInView]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === value);
    const count = tabs.length;
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = tabs[keys[event.key] ?? -1];
    if (!next) return;
    event.preventDefault();
    onChange(next.key);
    refs.current[next.key]?.focus();
  }

  return (
    <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} className={look.list}>
      {tabs.map(({ key, label: text, icon: Icon }) => {
        const selected = key === value;
        return (
          <button
            key={key}
            ref={(el) => {
              refs.current[key] = el;
            }}
            id={tabId(idPrefix, key)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={tabPanelId(idPrefix, key)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(key)}
            className={clsx(look.tab, selected ? 'border-primary text-primary' : look.idle)}
          >
            {Icon && <Icon aria-hidden="true" className="size-4" />}
            {text}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of tab `tabKey`; focusable, so keyboard users reach its content right after the tabs. */
export function TabPanel({
  idPrefix,
  tabKey,
  hidden,
  className,
  children,
}: {
  idPrefix: string;
  tabKey: string;
  hidden?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={tabPanelId(idPrefix, tabKey)}
      role="tabpanel"
      aria-labelledby={tabId(idPrefix, tabKey)}
      hidden={hidden}
      tabIndex={0}
      className={className}
    >
      {children}
    </div>
  );
}
