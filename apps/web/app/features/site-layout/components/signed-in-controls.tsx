import { Link } from 'react-router';
import { LogOut, ShieldCheck } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { buttonClasses } from '~/components/ui/button-styles';
import { UserAvatar } from '~/components/ui/user-avatar';
import { canOpenAdmin, PremiumBadge, useLogout } from './account-items';

function AccountArea({ user }: { user: User }) {
  const onLogout = useLogout();
  return (
    <div className="ml-2 hidden items-center gap-1.5 md:flex">
      <Link
        to="/profile"
        aria-label="Profilim"
        title="Profilim"
        className="flex items-center gap-2 rounded-full py-1 pr-1 pl-1 text-sm text-ink transition-colors hover:bg-surface-2 lg:pr-3"
      >
        <UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} className="size-8 text-xs" />
        <span className="hidden max-w-36 truncate lg:inline">
          <span className="text-muted">Merhaba, </span>
          <span className="font-semibold">{user.firstName}</span>
        </span>
      </Link>
      {user.isPremium && <PremiumBadge compact />}
      {canOpenAdmin(user) && (
        <Link
          to="/admin"
          aria-label="Yönetim Paneli"
          title="Yönetim Paneli"
          className={buttonClasses('secondary', 'sm', 'px-2.5 xl:px-3')}
        >
          <ShieldCheck aria-hidden="true" className="size-4" />
          <span className="hidden xl:inline">Yönetim</span>
        </Link>
      )}
      <button
        type="button"
        onClick={() => void onLogout()}
        title="Çıkış Yap"
        aria-label="Çıkış Yap"
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-surface-2 hover:text-danger"
      >
        <LogOut aria-hidden="true" className="size-[18px]" />
      </button>
    </div>
  );
}

/** The header's controls for a signed-in user: the avatar link on phones, the account area above. */
export function SignedInControls({ user }: { user: User }) {
  return (
    <>
      <Link to="/profile" aria-label="Profilim" title="Profilim" className="rounded-full p-1 md:hidden">
        <UserAvatar firstName={user.firstName} lastName={user.lastName} src={user.avatar} className="size-8 text-xs" />
      </Link>
      <AccountArea user={user} />
    </>
  );
}
