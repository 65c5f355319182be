import { useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { adminCategoryCreateSchema, type AdminCategory } from '@kiyasla/contracts/admin-categories';
import { slugify } from '@kiyasla/contracts/text';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { FormAlert, inputClasses } from '~/components/ui/form-field';
import { focusFirstInvalid, serverErrors, zodFieldErrors, type FieldErrors } from '~/lib/form-errors';
import { toast } from '~/lib/toast';
import { useCategoryOptions } from '../api/get-admin-categories';
import { useSaveAdminCategory } from '../api/save-admin-category';

interface Draft {
  name: string;
  slug: string;
  description: string;
  icon: string;
  image: string;
  parent: string;
  order: string;
  isActive: boolean;
  seoTitle: string;
  seoDescription: string;
}

function draftOf(category: AdminCategory | null): Draft {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    icon: category?.icon ?? '',
    image: category?.image ?? '',
    parent: category?.parent?._id ?? '',
    order: String(category?.order ?? 0),
    isActive: category?.isActive ?? true,
    seoTitle: category?.seoTitle ?? '',
    seoDescription: category?.seoDescription ?? '',
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

/**
 * The create and edit modals. Typing the name fills the slug (Turkish letters transliterated,
 * then the specification's rule) and the SEO title, until the operator edits either themself.
 */
export function CategoryFormDialog({ category, onClose }: { category: AdminCategory | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(category));
  const [slugEdited, setSlugEdited] = useState(category !== null);
  const [seoEdited, setSeoEdited] = useState(category !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const options = useCategoryOptions();
  const save = useSaveAdminCategory();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const parents = (options.data ?? []).filter((c) => c.parent === null && c._id !== category?._id);
  // A category with subcategories stays top-level (two-level tree).
  const mustStayTop = (category?.childCount ?? 0) > 0;

  const setName = (name: string) =>
    set({ name, ...(slugEdited ? {} : { slug: slugify(name) }), ...(seoEdited ? {} : { seoTitle: name }) });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = adminCategoryCreateSchema.safeParse({ ...draft, parent: draft.parent || null });
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
      { id: category?._id ?? null, input: parsed.data },
      {
        onSuccess: () => {
          toast({ type: 'success', title: category ? 'Kategori güncellendi' : 'Kategori oluşturuldu' });
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

  const id = (name: string) => `category-${name}`;
  const aria = (name: string) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${id(name)}-error` } : { 'aria-invalid': false };

  return (
    <Dialog
      open
      size="md"
      onOpenChange={(open) => !open && onClose()}
      title={category ? 'Kategoriyi Düzenle' : 'Yeni Kategori'}
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {failure && <FormAlert title="Kategori kaydedilemedi">{failure}</FormAlert>}
        <Field id={id('name')} label="Kategori adı *" error={errors.name}>
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
        <Field id={id('description')} label="Açıklama" error={errors.description}>
          <textarea
            id={id('description')}
            rows={2}
            value={draft.description}
            onChange={(e) => set({ description: e.target.value })}
            className={inputClasses(!!errors.description, 'h-auto py-2')}
            {...aria('description')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-[6rem_1fr]">
          <Field id={id('icon')} label="Simge" error={errors.icon}>
            <input
              id={id('icon')}
              value={draft.icon}
              placeholder="📱"
              onChange={(e) => set({ icon: e.target.value })}
              className={inputClasses(!!errors.icon)}
              {...aria('icon')}
            />
          </Field>
          <Field id={id('image')} label="Görsel adresi" error={errors.image}>
            <input
              id={id('image')}
              type="url"
              placeholder="https://"
              value={draft.image}
              onChange={(e) => set({ image: e.target.value })}
              className={inputClasses(!!errors.image)}
              {...aria('image')}
            />
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field id={id('parent')} label="Üst kategori" error={errors.parent}>
            <select
              id={id('parent')}
              value={draft.parent}
              disabled={mustStayTop}
              onChange={(e) => set({ parent: e.target.value })}
              className={inputClasses(!!errors.parent)}
              {...aria('parent')}
            >
              <option value="">Yok (ana kategori)</option>
              {parents.map((parent) => (
                <option key={parent._id} value={parent._id}>
                  {parent.name}
                </option>
              ))}
            </select>
            {mustStayTop && <p className="mt-1 text-xs text-muted">Alt kategorileri olduğu için ana kategori kalır</p>}
          </Field>
          <Field id={id('order')} label="Sıra" error={errors.order}>
            <input
              id={id('order')}
              inputMode="numeric"
              value={draft.order}
              onChange={(e) => set({ order: e.target.value })}
              className={inputClasses(!!errors.order)}
              {...aria('order')}
            />
          </Field>
        </div>
        <Field id={id('seoTitle')} label="SEO başlığı" error={errors.seoTitle}>
          <input
            id={id('seoTitle')}
            value={draft.seoTitle}
            onChange={(e) => {
              setSeoEdited(true);
              set({ seoTitle: e.target.value });
            }}
            className={inputClasses(!!errors.seoTitle)}
            {...aria('seoTitle')}
          />
        </Field>
        <Field id={id('seoDescription')} label="SEO açıklaması" error={errors.seoDescription}>
          <textarea
            id={id('seoDescription')}
            rows={2}
            value={draft.seoDescription}
            onChange={(e) => set({ seoDescription: e.target.value })}
            className={inputClasses(!!errors.seoDescription, 'h-auto py-2')}
            {...aria('seoDescription')}
          />
        </Field>
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
