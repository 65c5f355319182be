import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { TabList, TabPanel } from './tabs';

const TABS = [
  { key: 'a', label: 'Birinci' },
  { key: 'b', label: 'İkinci' },
  { key: 'c', label: 'Üçüncü' },
] as const;

function Tabs() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <>
      <TabList tabs={TABS} value={value} onChange={setValue} label="Bölümler" idPrefix="demo" />
      <TabPanel idPrefix="demo" tabKey={value}>
        İçerik {value}
      </TabPanel>
    </>
  );
}

afterEach(cleanup);

const tab = (name: string) => screen.getByRole('tab', { name });

describe('TabList', () => {
  it('selects on click, with only the selected tab in the tab order and its panel labelled by it', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Bölümler' })).toBeTruthy();
    fireEvent.click(tab('İkinci'));
    expect(tab('İkinci').getAttribute('aria-selected')).toBe('true');
    expect(tab('Birinci').getAttribute('aria-selected')).toBe('false');
    expect([tab('Birinci'), tab('İkinci'), tab('Üçüncü')].map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    const panel = screen.getByRole('tabpanel', { name: 'İkinci' });
    expect(panel.id).toBe(tab('İkinci').getAttribute('aria-controls'));
    expect(panel.textContent).toBe('İçerik b');
  });

  it('moves with the arrow keys (wrapping), Home and End, and takes the focus along', () => {
    render(<Tabs />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    expect(tab('Üçüncü').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Üçüncü'));
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Birinci'));
    fireEvent.keyDown(list, { key: 'End' });
    expect(document.activeElement).toBe(tab('Üçüncü'));
    fireEvent.keyDown(list, { key: 'Home' });
    expect(tab('Birinci').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(tab('Birinci').getAttribute('aria-selected')).toBe('true');
  });
});
