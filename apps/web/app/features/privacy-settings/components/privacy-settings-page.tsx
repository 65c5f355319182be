import { Link } from 'react-router';
import { ArrowRight, Cookie, Eye, Megaphone, MonitorSmartphone, Radar } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { AccountCard, AccountShell } from '~/entities/account/components/account-shell';
import { SaveIndicator } from '~/components/ui/save-indicator';
import { Skeleton } from '~/components/ui/skeleton';
import { SwitchField } from '~/components/ui/switch-field';
import { buttonClasses } from '~/components/ui/button-styles';
import { usePrivacySettings } from '~/entities/account/hooks/use-account-settings';
import { useLocalPrivacy } from '../hooks/use-local-privacy';
import type { LocalPrivacyKey } from '../utils/local-privacy';
import { DataRightsCard } from './data-rights-card';

const LOCAL_GROUPS: ReadonlyArray<{
  title: string;
  description: string;
  icon: typeof Eye;
  items: ReadonlyArray<{ key: LocalPrivacyKey; label: string; description: string }>;
}> = [
  {
    title: 'Veri Toplama',
    description: 'Hangi verilerin hizmeti iyileştirmek için kullanılabileceğini seçin.',
    icon: Radar,
    items: [
      {
        key: 'dataCollection',
        label: 'Kullanım verileri',
        description: 'Hangi sayfaları ve özellikleri kullandığınız, hizmeti geliştirmek için toplanabilir.',
      },
      {
        key: 'analyticsOptIn',
        label: 'Analitik ölçümler',
        description: 'Ziyaretleriniz anonim istatistiklere dahil edilebilir.',
      },
      {
        key: 'searchHistory',
        label: 'Arama geçmişi',
        description: 'Son aramalarınız hatırlanır ve size daha iyi öneriler sunulur.',
      },
      {
        key: 'locationTracking',
        label: 'Konum bilgisi',
        description: 'Yakınınızdaki mağazaları ve kargo sürelerini göstermek için yaklaşık konumunuz kullanılabilir.',
      },
    ],
  },
  {
    title: 'Pazarlama ve Reklam',
    description: 'Size özel kampanya ve reklamlarla ilgili tercihleriniz.',
    icon: Megaphone,
    items: [
      {
        key: 'marketingEmails',
        label: 'Pazarlama iletileri',
        description: 'Kampanya ve indirimler hakkında ticari elektronik ileti almak istiyorum.',
      },
      {
        key: 'personalizedAds',
        label: 'Kişiselleştirilmiş reklamlar',
        description: 'Gösterilen reklamlar ilgi alanlarınıza göre seçilebilir.',
      },
      {
        key: 'thirdPartySharing',
        label: 'Üçüncü taraflarla paylaşım',
        description: 'Verileriniz iş ortaklarımızla pazarlama amacıyla paylaşılabilir.',
      },
    ],
  },
  {
    title: 'Çerezler',
    description: 'Sitenin bu tarayıcıda çerez ve benzeri teknolojileri kullanması.',
    icon: Cookie,
    items: [
      {
        key: 'cookieSettings',
        label: 'İşlevsel çerezler',
        description: 'Tema, dil ve karşılaştırma listesi gibi tercihleriniz hatırlanır.',
      },
    ],
  },
];

const localBadge = (
  <span className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-0.5 text-[11px] font-medium text-muted">
    <MonitorSmartphone aria-hidden="true" className="size-3" />
    Bu cihazda
  </span>
);

/** /privacy-settings: privacy toggles by category, data export and data deletion. */
export function PrivacySettingsPage({ user }: { user: User }) {
  const server = usePrivacySettings();
  const local = useLocalPrivacy(user._id);

  return (
    <AccountShell
      title="Gizlilik Ayarları"
      description="Verilerinizin nasıl kullanıldığını ve profilinizin kimlere görüneceğini yönetin."
      backToProfile
    >
      <div className="space-y-6">
        <AccountCard
          title="Profil ve Paylaşım"
          description="Hesabınızda saklanır; tüm cihazlarınızda geçerlidir."
          icon={Eye}
          aside={<SaveIndicator state={server.saveState} />}
        >
          {server.isPending ? (
            <div className="space-y-4" aria-hidden="true">
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </div>
          ) : server.isError ? (
            <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
              <span className="text-danger">Gizlilik ayarlarınız yüklenemedi.</span>
              <button type="button" onClick={() => void server.refetch()} className={buttonClasses('outline', 'sm')}>
                Tekrar dene
              </button>
            </div>
          ) : (
            <div className="-my-4 divide-y divide-line">
              <SwitchField
                label="Profil görünürlüğü"
                description="Profiliniz ve herkese açık karşılaştırmalarınız diğer kullanıcılara görünsün."
                checked={server.data.profileVisibility}
                onCheckedChange={(profileVisibility) => server.update({ profileVisibility })}
              />
              <SwitchField
                label="Aktivite paylaşımı"
                description="Değerlendirmeleriniz ve kayıtlı karşılaştırmalarınız profilinizde paylaşılsın."
                checked={server.data.activitySharing}
                onCheckedChange={(activitySharing) => server.update({ activitySharing })}
              />
            </div>
          )}
        </AccountCard>

        {LOCAL_GROUPS.map((group, index) => (
          <AccountCard
            key={group.title}
            title={group.title}
            description={group.description}
            icon={group.icon}
            aside={index === 0 ? <SaveIndicator state={local.saveState} /> : undefined}
          >
            <div className="-my-4 divide-y divide-line">
              {group.items.map((item) => (
                <SwitchField
                  key={item.key}
                  label={item.label}
                  description={item.description}
                  badge={localBadge}
                  checked={local.settings[item.key]}
                  onCheckedChange={(value) => local.set(item.key, value)}
                />
              ))}
            </div>
            {group.title === 'Çerezler' && (
              <Link
                to="/cookies"
                className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
              >
                Çerez tercihlerini ayrıntılı yönet
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            )}
          </AccountCard>
        ))}

        <DataRightsCard user={user} />
      </div>
    </AccountShell>
  );
}
