import { useRef, type KeyboardEvent } from 'react';
import { BarChart3, Crown, LayoutGrid, ListChecks, Scale, type LucideIcon } from 'lucide-react';
import clsx from 'clsx';

export const COMPARISON_TABS = ['overview', 'specs', 'prices', 'analysis'] as const;
export type ComparisonTab = (typeof COMPARISON_TABS)[number];

const TABS: Record<ComparisonTab, { label: string; icon: LucideIcon }> = {
  overview: { label: 'Genel Bakış', icon: LayoutGrid },
  specs: { label: 'Teknik Özellikler', icon: ListChecks },
  prices: { label: 'Fiyat Analizi', icon: BarChart3 },
  analysis: { label: 'Avantaj/Dezavantaj', icon: Scale },
};

export const COMPARISON_TAB_LABELS: Record<ComparisonTab, string> = {
  overview: TABS.overview.label,
  specs: TABS.specs.label,
  prices: TABS.prices.label,
  analysis: TABS.analysis.label,
};

export const comparisonTabId = (tab: ComparisonTab) => `comparison-tab-${tab}`;
export const comparisonPanelId = (tab: ComparisonTab) => `comparison-panel-${tab}`;

/** The four tabs of the comparison page (WAI-ARIA tabs: arrow keys, Home and End). */
export function ComparisonTabs({
  value,
  onChange,
  premiumLocked,
}: {
  value: ComparisonTab;
  onChange: (tab: ComparisonTab) => void;
  /** Marks the premium-only analysis tab with a crown for users without premium. */
  premiumLocked: boolean;
}) {
  const refs = useRef<Partial<Record<ComparisonTab, HTMLButtonElement | null>>>({});

  function onKeyDown(event: KeyboardEvent) {
    const index = COMPARISON_TABS.indexOf(value);
    const count = COMPARISON_TABS.length;
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % count,
      ArrowLeft: (index - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    const next = keys[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = COMPARISON_TABS[next] ?? 'overview';
    onChange(tab);
    refs.current[tab]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Karşılaştırma bölümleri"
      onKeyDown={onKeyDown}
      className="relative -mx-4 flex gap-1 overflow-x-auto border-b border-line px-4 [scrollbar-width:none] sm:mx-0 sm:px-0"
    >
      {COMPARISON_TABS.map((tab) => {
        const { label, icon: Icon } = TABS[tab];
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            id={comparisonTabId(tab)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={comparisonPanelId(tab)}
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
            {tab === 'analysis' && premiumLocked && (
              <>
                <Crown aria-hidden="true" className="size-3.5 text-warning" />
                <span className="sr-only"> (Premium)</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
