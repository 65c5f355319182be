import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { SaveIndicator } from '~/components/ui/save-indicator';
import { SwitchField } from '~/components/ui/switch-field';
import { Skeleton } from '~/components/ui/skeleton';
import { useNotificationSettings, usePrivacySettings } from '~/entities/account/hooks/use-account-settings';
import { TabError } from './tab-states';

function GroupSkeleton() {
  return (
    <div aria-hidden="true" className="divide-y divide-line">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center justify-between py-4">
          <div className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-64" />
          </div>
          <Skeleton className="h-7 w-12 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** Ayarlar tab: quick notification toggles and the two privacy toggles, saved as they flip. */
export function SettingsTab() {
  const notifications = useNotificationSettings();
  const privacy = usePrivacySettings();

  return (
    <div className="space-y-8">
      <section aria-labelledby="settings-notifications-title">
        <div className="flex items-center justify-between gap-3">
          <h2 id="settings-notifications-title" className="text-lg font-semibold text-ink">
            Bildirim Tercihleri
          </h2>
          <SaveIndicator state={notifications.saveState} />
        </div>
        {notifications.isPending ? (
          <GroupSkeleton />
        ) : notifications.isError ? (
          <div className="mt-4">
            <TabError
              message={authMessages.notificationSettingsLoadError}
              onRetry={() => void notifications.refetch()}
            />
          </div>
        ) : (
          <div className="divide-y divide-line">
            <SwitchField
              label="Fiyat alarmı bildirimleri"
              description="Takip ettiğiniz ürünler hedef fiyata indiğinde haber verelim."
              checked={notifications.data.priceAlerts}
              onCheckedChange={(priceAlerts) => notifications.update({ priceAlerts })}
            />
            <SwitchField
              label="E-posta bildirimleri"
              description="Fiyat düşüşleri ve hesabınızla ilgili önemli gelişmeler e-posta ile de gelsin."
              checked={notifications.data.email}
              onCheckedChange={(email) => notifications.update({ email })}
            />
            <SwitchField
              label="Bülten ve kampanyalar"
              description="Haftalık fırsatlar, kampanyalar ve yeni özellikler hakkında e-posta alın."
              checked={notifications.data.newsletter}
              onCheckedChange={(newsletter) => notifications.update({ newsletter })}
            />
          </div>
        )}
      </section>

      <section aria-labelledby="settings-privacy-title">
        <div className="flex items-center justify-between gap-3">
          <h2 id="settings-privacy-title" className="text-lg font-semibold text-ink">
            Gizlilik
          </h2>
          <SaveIndicator state={privacy.saveState} />
        </div>
        {privacy.isPending ? (
          <GroupSkeleton />
        ) : privacy.isError ? (
          <div className="mt-4">
            <TabError message="Gizlilik ayarlarınız yüklenemedi." onRetry={() => void privacy.refetch()} />
          </div>
        ) : (
          <div className="divide-y divide-line">
            <SwitchField
              label="Profil görünürlüğü"
              description="Profiliniz ve herkese açık karşılaştırmalarınız diğer kullanıcılara görünsün."
              checked={privacy.data.profileVisibility}
              onCheckedChange={(profileVisibility) => privacy.update({ profileVisibility })}
            />
            <SwitchField
              label="Aktivite paylaşımı"
              description="Değerlendirmeleriniz ve kayıtlı karşılaştırmalarınız profilinizde paylaşılsın."
              checked={privacy.data.activitySharing}
              onCheckedChange={(activitySharing) => privacy.update({ activitySharing })}
            />
          </div>
        )}
      </section>

      <div className="flex flex-wrap gap-x-6 gap-y-2 border-t border-line pt-5 text-sm">
        <Link
          to="/privacy-settings"
          className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
        >
          Tüm gizlilik ayarları
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
        <Link
          to="/account-settings"
          className="inline-flex items-center gap-1 font-semibold text-primary hover:underline"
        >
          Hesap ayarları
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </div>
  );
}
