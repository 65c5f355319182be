import { useState } from 'react';
import { CreditCard, Info, Plus } from 'lucide-react';
import type { User } from '@kiyasla/contracts/user';
import { AccountCard, AccountShell } from '~/entities/account/components/account-shell';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Skeleton } from '~/components/ui/skeleton';
import { toast } from '~/lib/toast';
import { usePaymentMethods } from '../hooks/use-payment-methods';
import { CARD_BRAND_LABEL } from '../utils/card-brand';
import {
  addCard,
  removeCard,
  setDefault,
  toggleActive,
  type CardInput,
  type PaymentMethod,
} from '../utils/payment-methods';
import { AddCardDialog } from './add-card-dialog';
import { PaymentCard } from './payment-card';
import { PaymentHistory } from './payment-history';

const STORAGE_FAILED = 'Tarayıcınız site verilerinin saklanmasına izin vermiyor olabilir.';

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** /payment-methods: the local demonstration of saved cards (spec §2) and the real payment history. */
export function PaymentMethodsPage({ user }: { user: User }) {
  const { methods, ready, save } = usePaymentMethods(user._id);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);

  function add(card: CardInput): boolean {
    const next = addCard(methods, card, newId());
    if (!save(next)) {
      toast.error('Kart kaydedilemedi', STORAGE_FAILED);
      return false;
    }
    const added = next[next.length - 1];
    toast.success(
      'Kart eklendi',
      added?.isDefault
        ? `${CARD_BRAND_LABEL[added.brand]} •••• ${added.lastFour} varsayılan ödeme yönteminiz oldu.`
        : undefined,
    );
    return true;
  }

  function askDelete(method: PaymentMethod) {
    const check = removeCard(methods, method.id);
    if (!check.ok) {
      toast.error('Kart silinemedi', check.message);
      return;
    }
    setDeleting(method);
  }

  function confirmDelete() {
    if (!deleting) return;
    const result = removeCard(methods, deleting.id);
    if (!result.ok) toast.error('Kart silinemedi', result.message);
    else if (save(result.list)) toast.success('Kart silindi');
    else toast.error('Kart silinemedi', STORAGE_FAILED);
    setDeleting(null);
  }

  function update(next: PaymentMethod[], message: string) {
    if (save(next)) toast.success(message);
    else toast.error('Değişiklik kaydedilemedi', STORAGE_FAILED);
  }

  return (
    <AccountShell
      title="Ödeme Yöntemleri"
      description="Kayıtlı kartlarınızı ve ödeme geçmişinizi yönetin."
      backToProfile
      actions={
        <button type="button" onClick={() => setAdding(true)} className={buttonClasses('primary', 'md')}>
          <Plus aria-hidden="true" className="size-4" />
          Kart Ekle
        </button>
      }
    >
      <div className="space-y-6">
        <div role="note" className="flex gap-3 rounded-xl border border-info/30 bg-info/10 px-4 py-3 text-sm text-ink">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
          <p>
            Bu sayfa bir gösterimdir: kart bilgileriniz sunucularımıza gönderilmez ve yalnızca bu tarayıcıda saklanır.
            Premium ödemeleri, ödeme sağlayıcısının güvenli sayfasında yapılır.
          </p>
        </div>

        <AccountCard title="Kayıtlı Kartlarım" icon={CreditCard} description="Varsayılan kart her zaman bir tanedir.">
          {!ready ? (
            <div className="grid gap-4 sm:grid-cols-2" aria-hidden="true">
              <Skeleton className="aspect-[1.586] w-full rounded-xl" />
            </div>
          ) : methods.length === 0 ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed border-line px-6 py-10 text-center">
              <span className="flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
                <CreditCard aria-hidden="true" className="size-6" />
              </span>
              <p className="mt-4 font-semibold text-ink">Henüz kayıtlı kartınız yok</p>
              <p className="mt-1 max-w-sm text-sm text-muted">Eklediğiniz ilk kart varsayılan ödeme yönteminiz olur.</p>
              <button type="button" onClick={() => setAdding(true)} className={buttonClasses('primary', 'md', 'mt-5')}>
                <Plus aria-hidden="true" className="size-4" />
                İlk Kartımı Ekle
              </button>
            </div>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {methods.map((method) => (
                <PaymentCard
                  key={method.id}
                  method={method}
                  onSetDefault={() => update(setDefault(methods, method.id), 'Varsayılan kart güncellendi')}
                  onToggleActive={() =>
                    update(
                      toggleActive(methods, method.id),
                      method.isActive ? 'Kart pasif yapıldı' : 'Kart aktif yapıldı',
                    )
                  }
                  onDelete={() => askDelete(method)}
                />
              ))}
            </ul>
          )}
        </AccountCard>

        <PaymentHistory />
      </div>

      <AddCardDialog open={adding} onOpenChange={setAdding} onAdd={add} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Kartı silmek istiyor musunuz?"
        description={
          deleting
            ? `${CARD_BRAND_LABEL[deleting.brand]} •••• ${deleting.lastFour} kartı ödeme yöntemlerinizden kaldırılacak.`
            : ''
        }
        confirmLabel="Kartı Sil"
        onConfirm={confirmDelete}
      />
    </AccountShell>
  );
}
