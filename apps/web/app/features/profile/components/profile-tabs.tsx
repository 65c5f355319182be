import type { ReactNode } from 'react';
import { Activity, Crown, Settings, Trophy, UserRound } from 'lucide-react';
import { TabList, TabPanel, type TabItem } from '~/components/ui/tabs';

export const PROFILE_TABS = ['profil', 'premium', 'aktivite', 'basarilar', 'ayarlar'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const TABS: ReadonlyArray<TabItem<ProfileTab>> = [
  { key: 'profil', label: 'Profil', icon: UserRound },
  { key: 'premium', label: 'Premium', icon: Crown },
  { key: 'aktivite', label: 'Aktivite', icon: Activity },
  { key: 'basarilar', label: 'Başarılar', icon: Trophy },
  { key: 'ayarlar', label: 'Ayarlar', icon: Settings },
];

export function parseProfileTab(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'profil';
}

const ID_PREFIX = 'profile';

/** The five tabs of spec §2 (WAI-ARIA tabs: arrow keys, Home and End move between them). */
export function ProfileTabs({ value, onChange }: { value: ProfileTab; onChange: (tab: ProfileTab) => void }) {
  // On phones the row scrolls sideways: the selected tab is kept in sight.
  return (
    <TabList
      tabs={TABS}
      value={value}
      onChange={onChange}
      label="Profil bölümleri"
      idPrefix={ID_PREFIX}
      keepSelectedInView
    />
  );
}

export function ProfileTabPanel({ tab, children }: { tab: ProfileTab; children: ReactNode }) {
  return (
    <TabPanel idPrefix={ID_PREFIX} tabKey={tab} className="pt-6 focus:outline-none">
      {children}
    </TabPanel>
  );
}
