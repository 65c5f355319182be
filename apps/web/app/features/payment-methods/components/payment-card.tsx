import { CircleCheck, Star, Trash2, Wifi } from 'lucide-react';
import clsx from 'clsx';
import { buttonClasses } from '~/components/ui/button-styles';
import { formatDate } from '~/lib/format-date';
import { CARD_BRAND_LABEL, type CardBrand } from '../utils/card-brand';
import type { PaymentMethod } from '../utils/payment-methods';

const FACE: Record<CardBrand, string> = {
  visa: 'from-blue-600 via-blue-700 to-indigo-900',
  mastercard: 'from-orange-500 via-rose-600 to-rose-800',
  amex: 'from-teal-500 via-cyan-700 to-slate-800',
  unknown: 'from-slate-500 via-slate-700 to-slate-900',
};

function BrandMark({ brand }: { brand: CardBrand }) {
  if (brand === 'mastercard') {
    return (
      <span aria-hidden="true" className="flex">
        <span className="size-7 rounded-full bg-red-500/90" />
        <span className="-ml-3 size-7 rounded-full bg-amber-400/90" />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className="text-lg font-black tracking-wider italic">
      {brand === 'visa' ? 'VISA' : brand === 'amex' ? 'AMEX' : 'KART'}
    </span>
  );
}

interface PaymentCardProps {
  method: PaymentMethod;
  onSetDefault: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
}

/** One saved card: its face (brand, last four, name, expiry) and what can be done with it. */
export function PaymentCard({ method, onSetDefault, onToggleActive, onDelete }: PaymentCardProps) {
  const brand = CARD_BRAND_LABEL[method.brand];
  const title = `${brand} •••• ${method.lastFour}`;
  return (
    <li className="flex flex-col rounded-2xl border border-line bg-surface p-4 shadow-sm">
      <div
        className={clsx(
          'relative aspect-[1.586] w-full overflow-hidden rounded-xl bg-gradient-to-br p-4 text-white shadow-md',
          FACE[method.brand],
          !method.isActive && 'opacity-60 grayscale',
        )}
      >
        <div aria-hidden="true" className="absolute -top-10 -right-10 size-36 rounded-full bg-white/10" />
        <div className="relative flex h-full flex-col justify-between">
          <div className="flex items-start justify-between">
            <span aria-hidden="true" className="h-7 w-10 rounded-md bg-gradient-to-br from-amber-200 to-amber-400" />
            <Wifi aria-hidden="true" className="size-5 rotate-90 opacity-80" />
          </div>
          <p className="font-mono text-lg tracking-[0.18em] sm:text-xl" aria-hidden="true">
            •••• •••• •••• {method.lastFour}
          </p>
          <div className="flex items-end justify-between gap-3">
            <div className="min-w-0">
              <p className="text-[10px] tracking-wide uppercase opacity-75">Kart Sahibi</p>
              <p className="truncate text-sm font-semibold uppercase">{method.name}</p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-[10px] tracking-wide uppercase opacity-75">SKT</p>
              <p className="font-mono text-sm font-semibold">{method.expiryDate}</p>
            </div>
            <BrandMark brand={method.brand} />
          </div>
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <h3 className="mr-auto text-sm font-semibold text-ink">{title}</h3>
        {method.isDefault && (
          <span className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-semibold text-primary">
            <Star aria-hidden="true" className="size-3" />
            Varsayılan
          </span>
        )}
        <span
          className={clsx(
            'rounded-full px-2 py-0.5 text-xs font-semibold',
            method.isActive ? 'bg-success/10 text-success' : 'bg-surface-2 text-muted',
          )}
        >
          {method.isActive ? 'Aktif' : 'Pasif'}
        </span>
      </div>
      <p className="mt-1 text-xs text-muted">Eklenme: {formatDate(method.addedDate)}</p>

      <div className="mt-4 flex flex-wrap gap-2 border-t border-line pt-4">
        {!method.isDefault && (
          <button
            type="button"
            onClick={onSetDefault}
            aria-label={`${title} kartını varsayılan yap`}
            className={buttonClasses('outline', 'sm')}
          >
            <CircleCheck aria-hidden="true" className="size-4" />
            Varsayılan Yap
          </button>
        )}
        <button
          type="button"
          onClick={onToggleActive}
          aria-label={`${title} kartını ${method.isActive ? 'pasif' : 'aktif'} yap`}
          className={buttonClasses('outline', 'sm')}
        >
          {method.isActive ? 'Pasif Yap' : 'Aktif Yap'}
        </button>
        <button
          type="button"
          onClick={onDelete}
          aria-label={`${title} kartını sil`}
          className={buttonClasses('ghost', 'sm', 'ml-auto text-danger hover:bg-danger/10')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Sil
        </button>
      </div>
    </li>
  );
}
