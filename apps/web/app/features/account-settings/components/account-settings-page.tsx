import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { ACCOUNT_PURGE_DAYS } from '@kiyasla/contracts/account';
import { type User } from '@kiyasla/contracts/user';
import { AccountCard, AccountShell } from '~/entities/account/components/account-shell';
import { DeleteAccountDialog } from '~/entities/account/components/delete-account-dialog';
import { dangerButtonClasses } from '~/components/ui/confirm-dialog';
import { AccountInfoCard } from './account-info-card';
import { PasswordChangeCard } from './password-change-card';
import { SessionsCard } from './sessions-card';

/** /account-settings: account information, password change, open sessions and account deletion. */
export function AccountSettingsPage({ user }: { user: User }) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  return (
    <AccountShell
      title="Hesap Ayarları"
      description="Hesap bilgileriniz, şifreniz ve hesabınızın güvenliği."
      backToProfile
    >
      <div className="space-y-6">
        <AccountInfoCard user={user} />
        <PasswordChangeCard user={user} />
        <SessionsCard />
        <AccountCard
          title="Hesabı Sil"
          description={`Hesabınız hemen kapatılır; kişisel verileriniz ${ACCOUNT_PURGE_DAYS} gün içinde kalıcı olarak silinir.`}
          icon={Trash2}
          tone="danger"
        >
          <p className="text-sm text-muted">
            Favorileriniz, fiyat alarmlarınız, kayıtlı karşılaştırmalarınız ve bildirimleriniz de silinir. Premium
            aboneliğiniz varsa yenilenmez. Bu işlem geri alınamaz.
          </p>
          <button type="button" onClick={() => setDeleteOpen(true)} className={`${dangerButtonClasses} mt-4`}>
            <Trash2 aria-hidden="true" className="size-4" />
            Hesabımı Sil
          </button>
        </AccountCard>
      </div>
      <DeleteAccountDialog user={user} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </AccountShell>
  );
}
