import type { ReactNode } from 'react';
import { TabList, TabPanel } from '~/components/ui/tabs';

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
  /** Rendered once the tab has been opened, then kept (hidden) so its state survives. */
  render: () => ReactNode;
}

/** The product page's tabs and their panels; a panel is rendered once opened, then kept. */
export function ProductTabs<K extends string>({
  tabs,
  value,
  visited,
  onChange,
}: {
  tabs: ReadonlyArray<TabDefinition<K>>;
  value: K;
  visited: ReadonlySet<K>;
  onChange: (key: K) => void;
}) {
  return (
    <div>
      <TabList tabs={tabs} value={value} onChange={onChange} label="Ürün bilgileri" idPrefix="urun" variant="fill" />
      {tabs.map((tab) => (
        <TabPanel
          key={tab.key}
          idPrefix="urun"
          tabKey={tab.key}
          hidden={tab.key !== value}
          className="pt-6 focus-visible:outline-offset-4"
        >
          {(tab.key === value || visited.has(tab.key)) && tab.render()}
        </TabPanel>
      ))}
    </div>
  );
}
