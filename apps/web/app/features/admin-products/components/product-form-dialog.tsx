import { useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Plus, X } from 'lucide-react';
import { adminProductCreateSchema, AVAILABILITY_LABELS, type AdminProduct } from '@kiyasla/contracts/admin-products';
import { AVAILABILITY_VALUES } from '@kiyasla/contracts/constants';
import { slugify } from '@kiyasla/contracts/text';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert, inputClasses } from '~/components/ui/form-field';
import { isApiError } from '~/lib/api-client';
import { focusFirstInvalid, serverErrors, zodFieldErrors, type FieldErrors } from '~/lib/form-errors';
import { toast } from '~/lib/toast';
import { useCategoryOptions } from '../api/get-category-options';
import { useSaveAdminProduct } from '../api/save-admin-product';
import { ProductOffers } from './product-offers';

type Availability = (typeof AVAILABILITY_VALUES)[number];

interface ImageRow {
  url: string;
  alt: string;
}

interface Draft {
  name: string;
  slug: string;
  brand: string;
  model: string;
  gtin: string;
  category: string;
  shortDescription: string;
  description: string;
  images: ImageRow[];
  primary: number;
  specs: Array<{ key: string; value: string }>;
  features: string;
  tags: string;
  availability: Availability;
  isActive: boolean;
  isFeatured: boolean;
  seoTitle: string;
  seoDescription: string;
  seoKeywords: string;
}

function draftOf(product: AdminProduct | null): Draft {
  const images = product?.images.map((i) => ({ url: i.url, alt: i.alt })) ?? [{ url: '', alt: '' }];
  return {
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    brand: product?.brand ?? '',
    model: product?.model ?? '',
    gtin: product?.gtin ?? '',
    category: product?.subcategory?._id ?? product?.category._id ?? '',
    shortDescription: product?.shortDescription ?? '',
    description: product?.description ?? '',
    images: images.length > 0 ? images : [{ url: '', alt: '' }],
    primary: Math.max(0, product?.images.findIndex((i) => i.isPrimary) ?? 0),
    specs: Object.entries(product?.specifications ?? {}).map(([key, value]) => ({ key, value })),
    features: (product?.features ?? []).join('\n'),
    tags: (product?.tags ?? []).join(', '),
    // An unknown value reads as in stock (specification §4).
    availability: (AVAILABILITY_VALUES as readonly string[]).includes(product?.availability ?? '')
      ? (product!.availability as Availability)
      : 'in-stock',
    isActive: product?.isActive ?? true,
    isFeatured: product?.isFeatured ?? false,
    seoTitle: product?.seo.title ?? '',
    seoDescription: product?.seo.description ?? '',
    seoKeywords: (product?.seo.keywords ?? []).join(', '),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
const commas = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The form as the API reads it. */
function inputOf(d: Draft) {
  return {
    name: d.name,
    slug: d.slug,
    brand: d.brand,
    model: d.model,
    gtin: d.gtin,
    category: d.category,
    shortDescription: d.shortDescription,
    description: d.description,
    images: d.images.map((image, i) => ({ url: image.url, alt: image.alt, isPrimary: i === d.primary })),
    specifications: Object.fromEntries(
      d.specs.filter((s) => s.key.trim() || s.value.trim()).map((s) => [s.key.trim(), s.value.trim()]),
    ),
    features: lines(d.features),
    tags: commas(d.tags),
    availability: d.availability,
    isActive: d.isActive,
    isFeatured: d.isFeatured,
    seo: { title: d.seoTitle, description: d.seoDescription, keywords: commas(d.seoKeywords) },
  };
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold text-ink">{title}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The create and edit modals. The name fills the slug and the SEO title until either is edited;
 * images keep at least one row. Prices are not here: they come from store offers.
 */
export interface ProductPrefill {
  name: string;
  brand?: string | null;
  model?: string | null;
  gtin?: string | null;
}

/** A new product's form filled from what is known (a store feed's unmatched item): slug and SEO title follow the name. */
function prefilledDraft(prefill: ProductPrefill): Draft {
  return {
    ...draftOf(null),
    name: prefill.name,
    slug: slugify(prefill.name),
    seoTitle: prefill.name,
    brand: prefill.brand ?? '',
    model: prefill.model ?? '',
    gtin: prefill.gtin ?? '',
  };
}

export function ProductFormDialog({
  product,
  prefill,
  onSaved,
  onClose,
}: {
  product: AdminProduct | null;
  /** For a new product: the fields to start from. */
  prefill?: ProductPrefill;
  /** After a successful save, before the dialog closes. */
  onSaved?: (product: AdminProduct) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => (prefill && !product ? prefilledDraft(prefill) : draftOf(product)));
  const [slugEdited, setSlugEdited] = useState(product !== null);
  const [seoEdited, setSeoEdited] = useState(product !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The image row a local check refused (the messages are kept per field, not per row).
  const [imageErrorRow, setImageErrorRow] = useState(0);
  const categories = useCategoryOptions();
  const save = useSaveAdminProduct();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const setName = (name: string) =>
    set({ name, ...(slugEdited ? {} : { slug: slugify(name) }), ...(seoEdited ? {} : { seoTitle: name }) });
  const setImage = (index: number, patch: Partial<ImageRow>) =>
    set({ images: draft.images.map((image, i) => (i === index ? { ...image, ...patch } : image)) });
  const removeImage = (index: number) => {
    if (draft.images.length <= 1) return;
    const primary = index === draft.primary ? 0 : index < draft.primary ? draft.primary - 1 : draft.primary;
    set({ images: draft.images.filter((_, i) => i !== index), primary });
  };
  const setSpec = (index: number, patch: Partial<{ key: string; value: string }>) =>
    set({ specs: draft.specs.map((s, i) => (i === index ? { ...s, ...patch } : s)) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = adminProductCreateSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      const imageRow = parsed.error.issues.find((issue) => issue.path[0] === 'images')?.path[1];
      flushSync(() => {
        setErrors(zodFieldErrors(parsed.error));
        setImageErrorRow(typeof imageRow === 'number' ? imageRow : 0);
        setFailure('Formdaki hataları düzeltin');
      });
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    setFailure(null);
    save.mutate(
      { id: product?._id ?? null, input: parsed.data },
      {
        onSuccess: (saved) => {
          toast({ type: 'success', title: product ? 'Ürün güncellendi' : 'Ürün oluşturuldu' });
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          const { message, fields } = serverErrors(error);
          // A picture that could not be downloaded names its row (`body.images.2.url`).
          const imageRow = isApiError(error)
            ? error.errors?.map((e) => /^body\.images\.(\d+)/.exec(e.path)?.[1]).find((row) => row !== undefined)
            : undefined;
          flushSync(() => {
            setFailure(message);
            setErrors(fields);
            setImageErrorRow(imageRow === undefined ? 0 : Number(imageRow));
          });
          focusFirstInvalid(form);
        },
      },
    );
  };

  const id = (name: string) => `product-${name}`;
  const aria = (name: string, field = name) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id(field)}-error` } : { 'aria-invalid': false };
  const imageAria = (row: number) => (row === imageErrorRow ? aria('images') : { 'aria-invalid': false });
  // The specifications' message is about blank names and values: those are the fields to fix.
  const specAria = (text: string) =>
    errors.specifications && !text.trim()
      ? { 'aria-invalid': true, 'aria-describedby': `${id('specifications')}-error` }
      : { 'aria-invalid': false };

  return (
    <Dialog open size="md" onOpenChange={(open) => !open && onClose()} title={product ? 'Ürünü Düzenle' : 'Yeni Ürün'}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {failure && <FormAlert title="Ürün kaydedilemedi">{failure}</FormAlert>}
        <Section title="Temel bilgiler">
          <Field id={id('name')} label="Ürün adı *" error={errors.name}>
            <input
              id={id('name')}
              value={draft.name}
              onChange={(e) => setName(e.target.value)}
              className={inputClasses(!!errors.name)}
              {...aria('name')}
            />
          </Field>
          <Field id={id('slug')} label="Slug" error={errors.slug}>
            <input
              id={id('slug')}
              value={draft.slug}
              onChange={(e) => {
                setSlugEdited(true);
                set({ slug: e.target.value });
              }}
              className={inputClasses(!!errors.slug)}
              {...aria('slug')}
            />
          </Field>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id={id('brand')} label="Marka *" error={errors.brand}>
              <input
                id={id('brand')}
                value={draft.brand}
                onChange={(e) => set({ brand: e.target.value })}
                className={inputClasses(!!errors.brand)}
                {...aria('brand')}
              />
            </Field>
            <Field id={id('model')} label="Model" error={errors.model}>
              <input
                id={id('model')}
                value={draft.model}
                onChange={(e) => set({ model: e.target.value })}
                className={inputClasses(!!errors.model)}
                {...aria('model')}
              />
            </Field>
            <Field id={id('gtin')} label="GTIN / EAN" error={errors.gtin}>
              <input
                id={id('gtin')}
                inputMode="numeric"
                value={draft.gtin}
                onChange={(e) => set({ gtin: e.target.value })}
                className={inputClasses(!!errors.gtin)}
                {...aria('gtin')}
              />
            </Field>
          </div>
          <Field id={id('category')} label="Kategori *" error={errors.category}>
            <select
              id={id('category')}
              value={draft.category}
              onChange={(e) => set({ category: e.target.value })}
              className={inputClasses(!!errors.category)}
              {...aria('category')}
            >
              <option value="">Kategori seçin</option>
              {(categories.data ?? []).map((c) => (
                <option key={c._id} value={c._id}>
                  {c.parent ? `${c.parent.name} › ${c.name}` : c.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id={id('shortDescription')} label="Kısa açıklama" error={errors.shortDescription}>
            <input
              id={id('shortDescription')}
              value={draft.shortDescription}
              onChange={(e) => set({ shortDescription: e.target.value })}
              className={inputClasses(!!errors.shortDescription)}
              {...aria('shortDescription')}
            />
          </Field>
          <Field id={id('description')} label="Açıklama" error={errors.description}>
            <textarea
              id={id('description')}
              rows={3}
              value={draft.description}
              onChange={(e) => set({ description: e.target.value })}
              className={inputClasses(!!errors.description)}
              {...aria('description')}
            />
          </Field>
        </Section>

        <Section title="Görseller">
          {errors.images && (
            <p id={`${id('images')}-error`} className="text-xs text-danger">
              {errors.images}
            </p>
          )}
          {draft.images.map((image, i) => (
            // The address gets the row's whole width (a picture's address is long); alt text and
            // the row's controls share the line below.
            <div key={i} className="grid gap-2 rounded-lg bg-surface-2 p-3 sm:grid-cols-[minmax(0,1fr)_auto]">
              <div className="sm:col-span-2">
                <label htmlFor={`product-image-${i}`} className="mb-1 block text-xs text-muted">
                  Görsel adresi {i + 1}
                </label>
                <input
                  id={`product-image-${i}`}
                  type="url"
                  placeholder="https://"
                  value={image.url}
                  onChange={(e) => setImage(i, { url: e.target.value })}
                  className={inputClasses(!!errors.images && i === imageErrorRow)}
                  {...imageAria(i)}
                />
              </div>
              <div>
                <label htmlFor={`product-image-alt-${i}`} className="mb-1 block text-xs text-muted">
                  Alternatif metin
                </label>
                <input
                  id={`product-image-alt-${i}`}
                  value={image.alt}
                  onChange={(e) => setImage(i, { alt: e.target.value })}
                  className={inputClasses(false)}
                />
              </div>
              <div className="flex items-end gap-2">
                <label className="flex h-10 items-center gap-1.5 text-xs text-ink">
                  <input
                    type="radio"
                    name="product-primary-image"
                    checked={draft.primary === i}
                    onChange={() => set({ primary: i })}
                    className="accent-[var(--k-primary)]"
                  />
                  Ana görsel
                </label>
                {draft.images.length > 1 && (
                  <button
                    type="button"
                    onClick={() => removeImage(i)}
                    className={buttonClasses('ghost', 'icon', 'text-danger')}
                    aria-label={`Görsel ${i + 1} kaldır`}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                )}
              </div>
            </div>
          ))}
          <button
            type="button"
            onClick={() => set({ images: [...draft.images, { url: '', alt: '' }] })}
            className={buttonClasses('outline', 'sm')}
          >
            <Plus aria-hidden="true" className="size-4" />
            Görsel ekle
          </button>
        </Section>

        <Section title="Özellikler">
          {errors.specifications && (
            <p id={`${id('specifications')}-error`} className="text-xs text-danger">
              {errors.specifications}
            </p>
          )}
          {draft.specs.map((spec, i) => (
            <div key={i} className="grid grid-cols-[1fr_1fr_auto] gap-2">
              <input
                aria-label={`Özellik ${i + 1} adı`}
                placeholder="Özellik (ör. Ekran)"
                value={spec.key}
                onChange={(e) => setSpec(i, { key: e.target.value })}
                className={inputClasses(false)}
                {...specAria(spec.key)}
              />
              <input
                aria-label={`Özellik ${i + 1} değeri`}
                placeholder="Değer (ör. 6,1 inç)"
                value={spec.value}
                onChange={(e) => setSpec(i, { value: e.target.value })}
                className={inputClasses(false)}
                {...specAria(spec.value)}
              />
              <button
                type="button"
                onClick={() => set({ specs: draft.specs.filter((_, j) => j !== i) })}
                className={buttonClasses('ghost', 'icon', 'text-danger')}
                aria-label={`Özellik ${i + 1} kaldır`}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          ))}
          <button
            type="button"
            onClick={() => set({ specs: [...draft.specs, { key: '', value: '' }] })}
            className={buttonClasses('outline', 'sm')}
          >
            <Plus aria-hidden="true" className="size-4" />
            Özellik ekle
          </button>
          <Field id={id('features')} label="Öne çıkan özellikler (her satıra bir tane)" error={errors.features}>
            <textarea
              id={id('features')}
              rows={3}
              value={draft.features}
              onChange={(e) => set({ features: e.target.value })}
              className={inputClasses(!!errors.features)}
              {...aria('features')}
            />
          </Field>
          <Field id={id('tags')} label="Etiketler (virgülle ayırın)" error={errors.tags}>
            <input
              id={id('tags')}
              value={draft.tags}
              onChange={(e) => set({ tags: e.target.value })}
              className={inputClasses(!!errors.tags)}
              {...aria('tags')}
            />
          </Field>
        </Section>

        <Section title="Durum">
          <Field id={id('availability')} label="Stok durumu" error={errors.availability}>
            <select
              id={id('availability')}
              value={draft.availability}
              onChange={(e) => set({ availability: e.target.value as Availability })}
              className={inputClasses(!!errors.availability)}
              {...aria('availability')}
            >
              {AVAILABILITY_VALUES.map((value) => (
                <option key={value} value={value}>
                  {AVAILABILITY_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
          <div className="flex flex-wrap gap-4">
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={draft.isActive}
                onChange={(e) => set({ isActive: e.target.checked })}
                className="size-4 accent-[var(--k-primary)]"
              />
              Aktif
            </label>
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={draft.isFeatured}
                onChange={(e) => set({ isFeatured: e.target.checked })}
                className="size-4 accent-[var(--k-primary)]"
              />
              Öne çıkan
            </label>
          </div>
        </Section>

        <Section title="SEO">
          <Field id={id('seoTitle')} label="SEO başlığı" error={errors.seo}>
            <input
              id={id('seoTitle')}
              value={draft.seoTitle}
              onChange={(e) => {
                setSeoEdited(true);
                set({ seoTitle: e.target.value });
              }}
              className={inputClasses(!!errors.seo)}
              {...aria('seo', 'seoTitle')}
            />
          </Field>
          <Field id={id('seoDescription')} label="SEO açıklaması">
            <textarea
              id={id('seoDescription')}
              rows={2}
              value={draft.seoDescription}
              onChange={(e) => set({ seoDescription: e.target.value })}
              className={inputClasses(false)}
            />
          </Field>
          <Field id={id('seoKeywords')} label="Anahtar kelimeler (virgülle ayırın)">
            <input
              id={id('seoKeywords')}
              value={draft.seoKeywords}
              onChange={(e) => set({ seoKeywords: e.target.value })}
              className={inputClasses(false)}
            />
          </Field>
        </Section>

        {product && <ProductOffers productId={product._id} />}

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
