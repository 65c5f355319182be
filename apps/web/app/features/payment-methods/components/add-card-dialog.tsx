import { useState, type FormEvent } from 'react';
import { LockKeyhole } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { fieldAria, FormAlert, FormField, inputClasses } from '~/components/ui/form-field';
import { CARD_BRAND_LABEL, inferCardBrand } from '../utils/card-brand';
import {
  CARD_NUMBER_MAX,
  CVV_MAX,
  EMPTY_CARD,
  EXPIRY_PART_MAX,
  sanitizeCardField,
  validateCard,
  type CardInput,
} from '../utils/payment-methods';

interface AddCardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Receives the form; the caller keeps only brand, last four, expiry and name. */
  onAdd: (card: CardInput) => boolean;
}

/** "Kart Ekle": name, number, expiry and CVV, validated as spec §5 says. */
export function AddCardDialog({ open, onOpenChange, onAdd }: AddCardDialogProps) {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [error, setError] = useState<string | null>(null);
  const brand = card.number ? inferCardBrand(card.number) : null;

  function close(next: boolean) {
    if (!next) {
      // The number and CVV are dropped from memory as soon as the dialog closes.
      setCard(EMPTY_CARD);
      setError(null);
    }
    onOpenChange(next);
  }

  function change(field: keyof CardInput, value: string) {
    setCard((current) => ({ ...current, [field]: sanitizeCardField(field, value) }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateCard(card);
    if (problem) {
      setError(problem);
      const firstEmpty = (['name', 'number', 'month', 'year', 'cvv'] as const).find((f) => !card[f].trim());
      document.getElementById(`card-${firstEmpty ?? 'month'}`)?.focus();
      return;
    }
    if (onAdd(card)) close(false);
  }

  const invalid = (field: keyof CardInput) => Boolean(error) && !card[field].trim();

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="md"
      title="Yeni Kart Ekle"
      description="Kart bilgileriniz sunucularımıza gönderilmez; bu tarayıcıda yalnızca kartın markası, son dört hanesi, son kullanma tarihi ve üzerindeki isim saklanır."
    >
      <form noValidate onSubmit={submit} className="mt-5 space-y-4">
        {error && <FormAlert title={error} />}
        <FormField id="card-name" label="Kart Üzerindeki İsim" required>
          <input
            type="text"
            autoComplete="cc-name"
            value={card.name}
            onChange={(e) => change('name', e.target.value)}
            placeholder="AYŞE YILMAZ"
            className={inputClasses(invalid('name'))}
            {...fieldAria('card-name', { required: true })}
            aria-invalid={invalid('name') || undefined}
          />
        </FormField>
        <FormField
          id="card-number"
          label="Kart Numarası"
          required
          hint={
            brand
              ? `Kart markası: ${CARD_BRAND_LABEL[brand]} · ${card.number.length}/${CARD_NUMBER_MAX} hane`
              : `Yalnızca rakam, en fazla ${CARD_NUMBER_MAX} hane.`
          }
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="cc-number"
            // No maxLength: a pasted "4111 1111 1111 1111" would be cut before its spaces are dropped.
            value={card.number}
            onChange={(e) => change('number', e.target.value)}
            placeholder="0000000000000000"
            className={inputClasses(invalid('number'), 'font-mono tracking-wider')}
            {...fieldAria('card-number', { required: true, hint: true })}
            aria-invalid={invalid('number') || undefined}
          />
        </FormField>
        <div className="grid grid-cols-3 gap-3">
          <FormField id="card-month" label="Ay" required>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp-month"
              maxLength={EXPIRY_PART_MAX}
              value={card.month}
              onChange={(e) => change('month', e.target.value)}
              placeholder="AA"
              className={inputClasses(invalid('month'))}
              {...fieldAria('card-month', { required: true })}
              aria-invalid={invalid('month') || undefined}
            />
          </FormField>
          <FormField id="card-year" label="Yıl" required>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="cc-exp-year"
              maxLength={EXPIRY_PART_MAX}
              value={card.year}
              onChange={(e) => change('year', e.target.value)}
              placeholder="YY"
              className={inputClasses(invalid('year'))}
              {...fieldAria('card-year', { required: true })}
              aria-invalid={invalid('year') || undefined}
            />
          </FormField>
          <FormField id="card-cvv" label="CVV" required>
            <input
              type="password"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={CVV_MAX}
              value={card.cvv}
              onChange={(e) => change('cvv', e.target.value)}
              placeholder="•••"
              className={inputClasses(invalid('cvv'))}
              {...fieldAria('card-cvv', { required: true })}
              aria-invalid={invalid('cvv') || undefined}
            />
          </FormField>
        </div>
        <p className="flex items-center gap-2 text-xs text-muted">
          <LockKeyhole aria-hidden="true" className="size-3.5" />
          Kart numarası ve CVV kaydedilmez.
        </p>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => close(false)} className={buttonClasses('outline', 'md')}>
            Vazgeç
          </button>
          <button type="submit" className={buttonClasses('primary', 'md')}>
            Kartı Kaydet
          </button>
        </div>
      </form>
    </Dialog>
  );
}
