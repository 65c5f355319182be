import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import clsx from 'clsx';

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
  /** Rendered once the tab has been opened, then kept (hidden) so its state survives. */
  render: () => ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: ← / → move between tabs (wrapping), Home / End
 * jump to the ends; only the selected tab is in the tab order.
 */
export function ProductTabs<K extends string>({
  tabs,
  selected,
  visited,
  onSelect,
  idPrefix,
}: {
  tabs: ReadonlyArray<TabDefinition<K>>;
  selected: K;
  visited: ReadonlySet<K>;
  onSelect: (key: K) => void;
  idPrefix: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((t) => t.key === selected);
    let next = -1;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    listRef.current?.querySelector<HTMLButtonElement>(`#${idPrefix}-tab-${tab.key}`)?.focus();
  };

  return (
    <div>
      <div
        ref={listRef}
        role="tablist"
        aria-label="Ürün bilgileri"
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto border-b border-line"
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              id={`${idPrefix}-tab-${tab.key}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${idPrefix}-panel-${tab.key}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={clsx(
                '-mb-px flex-1 shrink-0 border-b-2 px-2 py-3 text-sm font-semibold whitespace-nowrap transition-colors sm:flex-none sm:px-5 sm:text-base',
                active ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-ink',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          id={`${idPrefix}-panel-${tab.key}`}
          role="tabpanel"
          aria-labelledby={`${idPrefix}-tab-${tab.key}`}
          hidden={tab.key !== selected}
          tabIndex={0}
          className="pt-6 focus-visible:outline-offset-4"
        >
          {(tab.key === selected || visited.has(tab.key)) && tab.render()}
        </div>
      ))}
    </div>
  );
}
