import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import * as Switch from '@radix-ui/react-switch';
import { BadgeCheck, Smartphone } from 'lucide-react';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import {
  NOTIFICATION_TOPICS,
  TOPIC_CHANNEL_KEYS,
  type NotificationChannels,
  type NotificationSettings,
  type NotificationTopic,
} from '@kiyasla/contracts/notification-settings';
import { SaveIndicator } from '~/components/ui/save-indicator';
import { Skeleton } from '~/components/ui/skeleton';
import { SwitchField } from '~/components/ui/switch-field';
import { phoneStatusQuery } from '~/entities/account/api/get-phone-status';
import { useNotificationSettings } from '~/entities/account/hooks/use-account-settings';
import { PushPermission } from './push-permission';

const TOPIC_LABELS: Record<NotificationTopic, { label: string; description: string }> = {
  price_target: { label: 'Fiyat alarmları', description: 'Kurduğunuz alarmın hedef fiyatına ulaşıldığında' },
  price_drop: { label: 'Favorilerde fiyat düşüşü', description: 'Favori ürünlerinizin fiyatı düştüğünde' },
  new_products: { label: 'Yeni ürünler', description: 'İlgilendiğiniz kategorilere yeni ürün eklendiğinde' },
  system_updates: { label: 'Sistem duyuruları', description: 'Hesabınız ve hizmetle ilgili önemli gelişmeler' },
  promotions: { label: 'Kampanyalar', description: 'İndirim ve kampanya duyuruları' },
  weekly_summary: { label: 'Haftalık özet', description: 'Favori ve alarmlarınızdaki haftanın fiyat değişimleri' },
};

const CHANNELS: { key: keyof NotificationChannels; label: string }[] = [
  { key: 'push', label: 'Anlık' },
  { key: 'email', label: 'E-posta' },
  { key: 'sms', label: 'SMS' },
];

/** The Ayarlar tab: topics × channels, do-not-disturb, sound and quiet hours (GET/PUT /auth/notification-settings). */
export function NotificationPreferences() {
  const settings = useNotificationSettings();
  if (settings.isPending) return <Skeleton className="h-96 w-full rounded-2xl" />;
  if (settings.isError || !settings.data) {
    return (
      <p role="alert" className="rounded-2xl border border-line bg-surface p-6 text-center text-danger">
        {authMessages.notificationSettingsLoadError}
      </p>
    );
  }
  const data: NotificationSettings = settings.data;
  const update = settings.update;
  return (
    <div className="space-y-6">
      <section aria-labelledby="prefs-topics" className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 id="prefs-topics" className="text-lg font-semibold text-ink">
            Bildirim konuları
          </h2>
          <SaveIndicator state={settings.saveState} />
        </div>
        <p className="mt-1 text-sm text-muted">
          Uygulama içi bildirimler her zaman kaydedilir; kanallar hangi yoldan haber vereceğimizi seçer.
        </p>
        <ul className="mt-4 divide-y divide-line">
          {NOTIFICATION_TOPICS.map((topic) => {
            const channelKey = TOPIC_CHANNEL_KEYS[topic];
            const channels = data[channelKey];
            const on = data[topic];
            return (
              <li key={topic} className="py-4">
                <SwitchField
                  className="py-0"
                  label={TOPIC_LABELS[topic].label}
                  description={TOPIC_LABELS[topic].description}
                  checked={on}
                  onCheckedChange={(checked) => update({ [topic]: checked })}
                />
                <div
                  className="mt-3 flex flex-wrap gap-4"
                  role="group"
                  aria-label={`${TOPIC_LABELS[topic].label} kanalları`}
                >
                  {CHANNELS.map((c) => (
                    <label key={c.key} className="flex items-center gap-2 text-sm text-ink">
                      <Switch.Root
                        checked={channels[c.key]}
                        disabled={!on}
                        onCheckedChange={(checked) => update({ [channelKey]: { ...channels, [c.key]: checked } })}
                        className="relative h-5 w-9 shrink-0 rounded-full bg-switch-off transition-colors data-[state=checked]:bg-primary disabled:opacity-50"
                      >
                        <Switch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[18px]" />
                      </Switch.Root>
                      {c.label}
                    </label>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <SmsPhoneStatus />

      <section aria-labelledby="prefs-general" className="rounded-2xl border border-line bg-surface p-4 sm:p-6">
        <h2 id="prefs-general" className="text-lg font-semibold text-ink">
          Genel
        </h2>
        <PushPermission />
        <SwitchField
          label="Rahatsız etme"
          description="Açıkken e-posta, anlık bildirim ve SMS gönderilmez; uygulama içi bildirimler kaydedilir."
          checked={data.doNotDisturb}
          onCheckedChange={(doNotDisturb) => update({ doNotDisturb })}
        />
        <SwitchField
          label="Bildirim sesi"
          checked={data.soundEnabled}
          onCheckedChange={(soundEnabled) => update({ soundEnabled })}
        />
        <fieldset className="mt-2">
          <legend className="font-medium text-ink">Sessiz saatler</legend>
          <p className="mt-1 text-sm text-muted">Bu saatler arasında e-posta, anlık bildirim ve SMS bekletilir.</p>
          <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
            <label className="flex items-center gap-2 text-ink">
              Başlangıç
              <input
                type="time"
                value={data.quietHours.start}
                onChange={(e) =>
                  e.target.value && update({ quietHours: { ...data.quietHours, start: e.target.value } })
                }
                className="h-10 rounded-lg border border-line bg-page px-3 text-ink"
              />
            </label>
            <label className="flex items-center gap-2 text-ink">
              Bitiş
              <input
                type="time"
                value={data.quietHours.end}
                onChange={(e) => e.target.value && update({ quietHours: { ...data.quietHours, end: e.target.value } })}
                className="h-10 rounded-lg border border-line bg-page px-3 text-ink"
              />
            </label>
          </div>
        </fieldset>
      </section>
    </div>
  );
}

/** The SMS channel needs a verified number: its state, and the way to the phone verification page. */
function SmsPhoneStatus() {
  const status = useQuery(phoneStatusQuery());
  if (status.isPending || status.isError) return null;
  const { phone, verified } = status.data;
  return (
    <section
      aria-labelledby="prefs-sms"
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-6"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
          {verified ? (
            <BadgeCheck aria-hidden="true" className="size-5" />
          ) : (
            <Smartphone aria-hidden="true" className="size-5" />
          )}
        </span>
        <div className="min-w-0">
          <h2 id="prefs-sms" className="font-semibold text-ink">
            SMS bildirimleri
          </h2>
          <p className="mt-0.5 text-sm text-muted">
            {verified ? (
              <>
                Doğrulanmış numaranız: <span className="whitespace-nowrap text-ink">{phone}</span>
              </>
            ) : (
              'SMS yalnızca doğrulanmış bir cep telefonu numarasına gönderilir.'
            )}
          </p>
        </div>
      </div>
      <Link to="/phone-verification" className="text-sm font-medium text-primary hover:underline">
        {verified ? 'Numarayı değiştir' : 'Telefonu doğrula'}
      </Link>
    </section>
  );
}
