import { Mail, MapPin, Phone } from 'lucide-react';
import { CONTACT_CHANNELS } from '../contact-info';

const CHANNELS = [
  {
    icon: Mail,
    title: 'E-posta',
    value: CONTACT_CHANNELS.email,
    href: `mailto:${CONTACT_CHANNELS.email}`,
    note: '24 saat içinde yanıt veriyoruz',
  },
  {
    icon: Phone,
    title: 'Telefon',
    value: CONTACT_CHANNELS.phone,
    href: CONTACT_CHANNELS.phoneHref,
    note: 'Çalışma saatleri içinde',
  },
  {
    icon: MapPin,
    title: 'Adres',
    value: CONTACT_CHANNELS.company,
    href: null,
    note: CONTACT_CHANNELS.address,
  },
] as const;

export function ContactChannels() {
  return (
    <section aria-labelledby="contact-channels-title">
      <h2 id="contact-channels-title" className="sr-only">
        İletişim kanalları
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {CHANNELS.map((channel) => {
          const Icon = channel.icon;
          return (
            <li key={channel.title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <h3 className="text-sm font-medium text-muted">{channel.title}</h3>
                {channel.href ? (
                  <a href={channel.href} className="mt-0.5 block font-semibold break-words text-ink hover:text-primary">
                    {channel.value}
                  </a>
                ) : (
                  <p className="mt-0.5 font-semibold text-ink">{channel.value}</p>
                )}
                <p className="mt-1 text-sm text-muted">{channel.note}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
