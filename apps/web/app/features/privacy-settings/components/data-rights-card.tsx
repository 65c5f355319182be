import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Download, FileText, LoaderCircle, Trash2, Database } from 'lucide-react';
import { ACCOUNT_PURGE_DAYS } from '@kiyasla/contracts/account';
import { type User } from '@kiyasla/contracts/user';
import { AccountCard } from '~/entities/account/components/account-shell';
import { DeleteAccountDialog } from '~/entities/account/components/delete-account-dialog';
import { buttonClasses } from '~/components/ui/button-styles';
import { dangerButtonClasses } from '~/components/ui/confirm-dialog';
import { getAccountExport } from '~/entities/account/api/get-account-export';
import { toast } from '~/lib/toast';

/** Hands a text to the browser as a file download. */
function saveFile(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** KVKK rights: a copy of one's data (GET /auth/export, downloaded as JSON) and its deletion. */
export function DataRightsCard({ user }: { user: User }) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const download = useMutation({
    mutationFn: getAccountExport,
    onSuccess: (file) => {
      saveFile(file.text, file.fileName);
      toast.success('Verileriniz indirildi', `${file.fileName} dosyası cihazınıza kaydedildi.`);
    },
    meta: { errorToast: { title: 'Verileriniz indirilemedi', fallback: 'Lütfen biraz sonra tekrar deneyin.' } },
  });
  const exporting = download.isPending;

  return (
    <AccountCard
      title="Verileriniz"
      description="KVKK kapsamındaki haklarınızı buradan kullanabilirsiniz."
      icon={Database}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <div className="flex flex-col rounded-xl border border-line bg-page/60 p-4">
          <h3 className="font-semibold text-ink">Verilerimi İndir</h3>
          <p className="mt-1 flex-1 text-sm text-muted">
            Profiliniz, tercihleriniz, favorileriniz, fiyat alarmlarınız, karşılaştırmalarınız, bildirimleriniz,
            ödemeleriniz ve oturumlarınız tek bir JSON dosyasında hemen indirilir.
          </p>
          <button
            type="button"
            onClick={() => download.mutate()}
            disabled={exporting}
            className={buttonClasses('outline', 'md', 'mt-4 self-start')}
          >
            {exporting ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Download aria-hidden="true" className="size-4" />
            )}
            {exporting ? 'Hazırlanıyor...' : 'Verilerimi İndir'}
          </button>
        </div>
        <div className="flex flex-col rounded-xl border border-danger/30 bg-danger/5 p-4">
          <h3 className="font-semibold text-ink">Verilerimi Sil</h3>
          <p className="mt-1 flex-1 text-sm text-muted">
            Hesabınız kapatılır ve kişisel verileriniz {ACCOUNT_PURGE_DAYS} gün içinde kalıcı olarak silinir. Bu işlem
            geri alınamaz.
          </p>
          <button
            type="button"
            onClick={() => setDeleteOpen(true)}
            className={`${dangerButtonClasses} mt-4 self-start`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Hesabımı ve Verilerimi Sil
          </button>
        </div>
      </div>
      <p className="mt-5 flex items-start gap-2 text-sm text-muted">
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Verilerinizi nasıl işlediğimizi{' '}
          <Link to="/privacy-policy" className="font-semibold text-primary underline underline-offset-2">
            Gizlilik Politikası
          </Link>
          &apos;nda okuyabilirsiniz.
        </span>
      </p>
      <DeleteAccountDialog user={user} open={deleteOpen} onOpenChange={setDeleteOpen} />
    </AccountCard>
  );
}
