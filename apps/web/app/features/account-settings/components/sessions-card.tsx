import { useState } from 'react';
import { Laptop, MonitorSmartphone, Smartphone } from 'lucide-react';
import { AccountCard } from '~/entities/account/components/account-shell';
import { buttonClasses } from '~/components/ui/button-styles';
import { Skeleton } from '~/components/ui/skeleton';
import { useAccountSessions } from '~/entities/account/api/get-account-sessions';
import { formatDate, formatRelativeTime } from '~/lib/format-date';

/** "Chrome · Windows" from a user agent, good enough to recognise one's own devices. */
export function describeUserAgent(ua: string | null): { label: string; mobile: boolean } {
  if (!ua) return { label: 'Bilinmeyen cihaz', mobile: false };
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const label = [browser, os].filter(Boolean).join(' · ') || ua.slice(0, 40);
  return { label, mobile: /Mobile|Android|iPhone/.test(ua) };
}

const SESSIONS_SHOWN = 5;

/** Active sessions of the account (GET /auth/sessions), so the user can spot a stranger. */
export function SessionsCard() {
  const query = useAccountSessions();
  const [showAll, setShowAll] = useState(false);
  const lastUse = (s: { lastUsedAt: string | null; createdAt: string }) => Date.parse(s.lastUsedAt ?? s.createdAt);
  const sessions = [...(query.data ?? [])].sort((a, b) => lastUse(b) - lastUse(a));
  const shown = showAll ? sessions : sessions.slice(0, SESSIONS_SHOWN);
  return (
    <AccountCard
      title="Açık Oturumlar"
      description="Hesabınıza giriş yapılmış cihazlar. Şifrenizi değiştirdiğinizde bu cihaz dışındaki oturumlar kapanır."
      icon={MonitorSmartphone}
    >
      {query.isPending ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError ? (
        <p className="text-sm text-muted">Oturum bilgileri şu anda yüklenemedi.</p>
      ) : (
        <ul className="divide-y divide-line">
          {shown.map((session, index) => {
            const device = describeUserAgent(session.userAgent);
            const Icon = device.mobile ? Smartphone : Laptop;
            const last = session.lastUsedAt ?? session.createdAt;
            return (
              <li key={`${session.createdAt}-${index}`} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-2 text-muted">
                  <Icon aria-hidden="true" className="size-[18px]" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink">{device.label}</p>
                  <p className="truncate text-xs text-muted">
                    {session.ip ? `${session.ip} · ` : ''}Giriş: {formatDate(session.createdAt)}
                  </p>
                </div>
                <time dateTime={last} className="shrink-0 text-xs text-muted">
                  {formatRelativeTime(last)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
      {sessions.length > SESSIONS_SHOWN && (
        <button type="button" onClick={() => setShowAll((v) => !v)} className={buttonClasses('outline', 'sm', 'mt-4')}>
          {showAll ? 'Daha az göster' : `Tüm oturumları göster (${sessions.length})`}
        </button>
      )}
    </AccountCard>
  );
}
