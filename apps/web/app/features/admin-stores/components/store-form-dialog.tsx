import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import {
  adminStoreCreateSchema,
  DEFAULT_FRESHNESS_HOURS,
  FEED_MIN_INTERVAL_MINUTES,
  type AdminStore,
} from '@kiyasla/contracts/admin-stores';
import { slugify } from '@kiyasla/contracts/text';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert, inputClasses } from '~/components/ui/form-field';
import { toast } from '~/lib/toast';
import { useSaveAdminStore } from '../api/save-admin-store';
import { focusFirstInvalid, serverErrors, zodFieldErrors, type FieldErrors } from '~/lib/form-errors';

interface Draft {
  name: string;
  slug: string;
  logo: string;
  website: string;
  feedUrl: string;
  feedIntervalMinutes: string;
  freshnessHours: string;
  isActive: boolean;
}

function draftOf(store: AdminStore | null): Draft {
  return {
    name: store?.name ?? '',
    slug: store?.slug ?? '',
    logo: store?.logo ?? '',
    website: store?.website ?? '',
    feedUrl: store?.feedUrl ?? '',
    feedIntervalMinutes: store?.feedIntervalMinutes != null ? String(store.feedIntervalMinutes) : '',
    freshnessHours: String(store?.freshnessHours ?? DEFAULT_FRESHNESS_HOURS),
    isActive: store?.isActive ?? true,
  };
}

/** An empty number field is "not set"; anything else goes to the schema as typed, so its message tells what is wrong. */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.replace(',', '.')));

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint && !error && <p className="mt-1 text-xs text-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Create or edit a store: name, slug (from the name when left empty), logo, website, feed URL and interval, freshness window, active. */
export function StoreFormDialog({ store, onClose }: { store: AdminStore | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(store));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveAdminStore();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const freshness = numberOrNull(draft.freshnessHours);
    const input = {
      name: draft.name,
      slug: draft.slug,
      logo: draft.logo,
      website: draft.website,
      feedUrl: draft.feedUrl,
      feedIntervalMinutes: numberOrNull(draft.feedIntervalMinutes),
      ...(freshness === null ? {} : { freshnessHours: freshness }),
      isActive: draft.isActive,
    };
    const parsed = adminStoreCreateSchema.safeParse(input);
    if (!parsed.success) {
      flushSync(() => {
        setErrors(zodFieldErrors(parsed.error));
        setFailure(null);
      });
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    save.mutate(
      { id: store?._id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast({ type: 'success', title: store ? 'Mağaza güncellendi' : 'Mağaza oluşturuldu' });
          onClose();
        },
        onError: (error) => {
          const { message, fields } = serverErrors(error);
          flushSync(() => {
            setFailure(message);
            setErrors(fields);
          });
          focusFirstInvalid(form);
        },
      },
    );
  };

  const id = (name: string) => `store-${name}`;
  const aria = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id(name)}-error` } : { 'aria-invalid': false };

  return (
    <Dialog
      open
      size="md"
      onOpenChange={(open) => !open && onClose()}
      title={store ? 'Mağazayı Düzenle' : 'Yeni Mağaza'}
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {failure && <FormAlert title="Mağaza kaydedilemedi">{failure}</FormAlert>}
        <Field id={id('name')} label="Mağaza adı *" error={errors.name}>
          <input
            id={id('name')}
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
            className={inputClasses(!!errors.name)}
            required
            {...aria('name')}
          />
        </Field>
        <Field
          id={id('slug')}
          label="Slug"
          hint={`Boş bırakılırsa addan üretilir${draft.name ? `: ${slugify(draft.name) || '—'}` : ''}`}
          error={errors.slug}
        >
          <input
            id={id('slug')}
            value={draft.slug}
            onChange={(e) => set({ slug: e.target.value })}
            className={inputClasses(!!errors.slug)}
            {...aria('slug')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id('logo')} label="Logo adresi" error={errors.logo}>
            <input
              id={id('logo')}
              type="url"
              placeholder="https://"
              value={draft.logo}
              onChange={(e) => set({ logo: e.target.value })}
              className={inputClasses(!!errors.logo)}
              {...aria('logo')}
            />
          </Field>
          <Field id={id('website')} label="Web sitesi" error={errors.website}>
            <input
              id={id('website')}
              type="url"
              placeholder="https://"
              value={draft.website}
              onChange={(e) => set({ website: e.target.value })}
              className={inputClasses(!!errors.website)}
              {...aria('website')}
            />
          </Field>
        </div>
        <Field
          id={id('feedUrl')}
          label="Ürün akışı adresi"
          hint="Zamanlanmış çekim için; boş bırakılırsa akış yalnızca yükleme ile gelir"
          error={errors.feedUrl}
        >
          <input
            id={id('feedUrl')}
            type="url"
            placeholder="https://"
            value={draft.feedUrl}
            onChange={(e) => set({ feedUrl: e.target.value })}
            className={inputClasses(!!errors.feedUrl)}
            {...aria('feedUrl')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={id('feedIntervalMinutes')}
            label="Çekim aralığı (dakika)"
            hint={`En az ${FEED_MIN_INTERVAL_MINUTES}; boş: çekim yok`}
            error={errors.feedIntervalMinutes}
          >
            <input
              id={id('feedIntervalMinutes')}
              inputMode="numeric"
              value={draft.feedIntervalMinutes}
              onChange={(e) => set({ feedIntervalMinutes: e.target.value })}
              className={inputClasses(!!errors.feedIntervalMinutes)}
              {...aria('feedIntervalMinutes')}
            />
          </Field>
          <Field
            id={id('freshnessHours')}
            label="Güncellik süresi (saat)"
            hint="Bu süre içinde doğrulanmayan teklif eskimiş sayılır"
            error={errors.freshnessHours}
          >
            <input
              id={id('freshnessHours')}
              inputMode="numeric"
              value={draft.freshnessHours}
              onChange={(e) => set({ freshnessHours: e.target.value })}
              className={inputClasses(!!errors.freshnessHours)}
              {...aria('freshnessHours')}
            />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={draft.isActive}
            onChange={(e) => set({ isActive: e.target.checked })}
            className="size-4 accent-[var(--k-primary)]"
          />
          Aktif
        </label>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClasses('outline', 'md')}>
            Vazgeç
          </button>
          <button type="submit" disabled={save.isPending} className={buttonClasses('primary', 'md')}>
            {save.isPending ? 'Kaydediliyor...' : 'Kaydet'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
