import { useSearchParams } from 'react-router';
import { CalendarDays, Crown, Mail, ShieldCheck } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { PLANS } from '@kiyasla/contracts/plans';
import { AccountShell } from '~/entities/account/components/account-shell';
import { formatDate } from '~/lib/format-date';
import { AchievementsTab } from './achievements-tab';
import { ActivityTab } from './activity-tab';
import { AvatarUploader } from './avatar-uploader';
import { PremiumTab } from './premium-tab';
import { ProfileDetailsTab } from './profile-details-tab';
import { parseProfileTab, ProfileTabPanel, ProfileTabs, type ProfileTab } from './profile-tabs';
import { SettingsTab } from './settings-tab';

const ROLE_LABEL = { admin: 'Yönetici', moderator: 'Moderatör', user: null } as const;

function ProfileSummary({ user }: { user: User }) {
  const planName = PLANS.find((p) => p.id === user.subscription.plan)?.name;
  const role = ROLE_LABEL[user.role];
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      <div aria-hidden="true" className="h-20 bg-gradient-to-r from-brand-500 via-brand-600 to-brand-800 sm:h-24" />
      <div className="flex flex-col items-center gap-4 px-5 pb-6 sm:flex-row sm:items-end sm:px-6">
        <div className="-mt-12 sm:-mt-14">
          <AvatarUploader user={user} />
        </div>
        <div className="min-w-0 flex-1 text-center sm:pt-4 sm:pb-1 sm:text-left">
          <p className="text-xl font-bold text-ink sm:text-2xl">
            {user.firstName} {user.lastName}
          </p>
          <p className="mt-1 flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-sm text-muted sm:justify-start">
            <span className="inline-flex items-center gap-1.5 break-all">
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              {user.email}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              {formatDate(user.createdAt)} tarihinden beri üye
            </span>
          </p>
          <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
            {user.isPremium ? (
              <span className="inline-flex items-center gap-1 rounded-full border border-warning/40 bg-warning/10 px-2.5 py-0.5 text-xs font-semibold text-warning">
                <Crown aria-hidden="true" className="size-3.5" />
                {planName ?? 'Premium'}
              </span>
            ) : (
              <span className="rounded-full border border-line px-2.5 py-0.5 text-xs font-semibold text-muted">
                Ücretsiz Üyelik
              </span>
            )}
            {role && (
              <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2.5 py-0.5 text-xs font-semibold text-primary">
                <ShieldCheck aria-hidden="true" className="size-3.5" />
                {role}
              </span>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

function TabContent({ tab, user }: { tab: ProfileTab; user: User }) {
  switch (tab) {
    case 'premium':
      return <PremiumTab user={user} />;
    case 'aktivite':
      return <ActivityTab />;
    case 'basarilar':
      return <AchievementsTab />;
    case 'ayarlar':
      return <SettingsTab />;
    default:
      return <ProfileDetailsTab user={user} />;
  }
}

/** /profile for a signed-in user: summary with the avatar, then the five tabs of spec §2. */
export function ProfilePage({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const tab = parseProfileTab(params.get('tab'));

  function select(next: ProfileTab) {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'profil') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <AccountShell title="Profilim" description="Kişisel bilgileriniz, üyeliğiniz ve tercihleriniz.">
      <ProfileSummary user={user} />
      <div className="mt-6 rounded-2xl border border-line bg-surface px-4 pb-6 shadow-sm sm:px-6">
        <ProfileTabs value={tab} onChange={select} />
        <ProfileTabPanel tab={tab}>
          <TabContent tab={tab} user={user} />
        </ProfileTabPanel>
      </div>
    </AccountShell>
  );
}
