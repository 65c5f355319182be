import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, CircleAlert, PencilLine, UserRound } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { PLANS } from '@kiyasla/contracts/plans';
import { AccountCard } from '~/entities/account/components/account-shell';
import { ResendVerificationButton } from '~/entities/account/components/resend-verification-button';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatDate } from '~/lib/format-date';

function signInMethods(user: User): string {
  const methods = [
    user.hasPassword && 'E-posta ve şifre',
    user.providers.google && 'Google',
    user.providers.facebook && 'Facebook',
  ].filter(Boolean);
  return methods.join(', ') || '—';
}

/** Account information: who the account belongs to and how it signs in. */
export function AccountInfoCard({ user }: { user: User }) {
  const plan = user.isPremium ? (PLANS.find((p) => p.id === user.subscription.plan)?.name ?? 'Premium') : 'Ücretsiz';
  const rows: Array<[string, ReactNode]> = [
    ['Ad Soyad', `${user.firstName} ${user.lastName}`],
    [
      'E-posta',
      <div key="email" className="min-w-0">
        <span className="inline-flex flex-wrap items-center gap-2 break-all">
          {user.email}
          {user.emailVerified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-semibold text-success">
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              Doğrulandı
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-warning/10 px-2 py-0.5 text-xs font-semibold text-warning">
              <CircleAlert aria-hidden="true" className="size-3.5" />
              Doğrulanmadı
            </span>
          )}
        </span>
        {!user.emailVerified && (
          <>
            <p className="mt-2 font-normal text-muted">
              Adresinizi doğrulamak için size gönderdiğimiz e-postadaki bağlantıyı açın.
            </p>
            <ResendVerificationButton className="mt-3" />
          </>
        )}
      </div>,
    ],
    ['Telefon', user.phone || 'Belirtilmemiş'],
    ['Üyelik', plan],
    ['Üyelik Tarihi', formatDate(user.createdAt)],
    ['Giriş Yöntemleri', signInMethods(user)],
  ];
  return (
    <AccountCard
      title="Hesap Bilgileri"
      description="Hesabınıza ait temel bilgiler."
      icon={UserRound}
      aside={
        <Link to="/profile" className={buttonClasses('outline', 'sm')}>
          <PencilLine aria-hidden="true" className="size-4" />
          Profili Düzenle
        </Link>
      }
    >
      <dl className="divide-y divide-line">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-sm font-medium text-ink">{value}</dd>
          </div>
        ))}
      </dl>
    </AccountCard>
  );
}
