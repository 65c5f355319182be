import { BarChart3, Crown, LayoutGrid, ListChecks, Scale, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TabList, TabPanel } from '~/components/ui/tabs';

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

const ID_PREFIX = 'comparison';

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
  const tabs = COMPARISON_TABS.map((key) => {
    const { label, icon } = TABS[key];
    const locked = key === 'analysis' && premiumLocked;
    return {
      key,
      icon,
      label: locked ? (
        <>
          {label}
          <Crown aria-hidden="true" className="size-3.5 text-warning" />
          <span className="sr-only"> (Premium)</span>
        </>
      ) : (
        label
      ),
    };
  });
  return <TabList tabs={tabs} value={value} onChange={onChange} label="Karşılaştırma bölümleri" idPrefix={ID_PREFIX} />;
}

/** The selected tab's content, labelled by its tab. */
export function ComparisonTabPanel({ tab, children }: { tab: ComparisonTab; children: ReactNode }) {
  return (
    <TabPanel
      idPrefix={ID_PREFIX}
      tabKey={tab}
      className="relative pt-5 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary"
    >
      {children}
    </TabPanel>
  );
}
