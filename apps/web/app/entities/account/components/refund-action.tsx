import { useState } from 'react';
import { Clock, Undo2 } from 'lucide-react';
import type { PaymentHistoryItem } from '@kiyasla/contracts/payments';
import { PLANS } from '@kiyasla/contracts/plans';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { useRequestRefund } from '../api/payment-refunds';

export const planNameOf = (plan: string) => PLANS.find((p) => p.id === plan)?.name ?? plan;

/**
 * The member's side of a refund (ADR 018): 'İade Talep Et' with a confirmation on an eligible
 * payment (completed, within 14 days, refunds on, not asked yet), the pending request after it,
 * and nothing otherwise (a refunded payment shows as such in its status).
 */
export function RefundAction({ payment, compact = false }: { payment: PaymentHistoryItem; compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const request = useRequestRefund(() => setOpen(false));

  if (payment.refund === 'requested') {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-warning/10 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-warning">
        <Clock aria-hidden="true" className="size-3.5" />
        İade talebi bekliyor
      </span>
    );
  }
  if (payment.refund !== 'eligible') return null;

  const deadline = payment.refundDeadline ? formatDate(payment.refundDeadline) : null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClasses('outline', 'sm', compact ? 'whitespace-nowrap' : undefined)}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        İade Talep Et
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="İade talep etmek istiyor musunuz?"
        description={
          <>
            {planNameOf(payment.plan)} için ödediğiniz {formatPrice(payment.amount)} tutarının iadesini talep
            ediyorsunuz. Talebiniz incelendikten sonra ödeme, ödeme yönteminize iade edilir ve bu ödemeyle aldığınız
            Premium üyelik sona erer.
            {deadline ? ` İade talebi için son tarih: ${deadline}.` : ''}
          </>
        }
        confirmLabel={request.isPending ? 'Gönderiliyor…' : 'İade Talep Et'}
        onConfirm={() => request.mutate(payment._id)}
        pending={request.isPending}
      />
    </>
  );
}
