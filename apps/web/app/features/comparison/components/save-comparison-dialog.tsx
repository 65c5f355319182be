import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CircleAlert, LoaderCircle, Save } from 'lucide-react';
import type { SavedComparison } from '@kiyasla/contracts/comparisons';
import { COMPARISON_DESCRIPTION_MAX, COMPARISON_NAME_MAX, parseTags } from '@kiyasla/contracts/comparisons';
import { buttonClasses } from '~/components/ui/button-styles';
import { Dialog } from '~/components/ui/dialog';
import { FormField, fieldAria, inputClasses } from '~/components/ui/form-field';
import { SwitchField } from '~/components/ui/switch-field';
import {
  parseSaveForm,
  type SaveFormErrors,
  type SaveFormOutput,
  type SaveFormValues,
} from '../utils/save-comparison-form';

export type SaveMode = 'create' | 'update';

export interface SaveSubmit {
  mode: SaveMode;
  value: SaveFormOutput;
}

const EMPTY: SaveFormValues = { name: '', description: '', tags: '', isPublic: false };

function valuesOf(saved: SavedComparison | null): SaveFormValues {
  if (!saved) return EMPTY;
  return {
    name: saved.name,
    description: saved.description ?? '',
    tags: saved.tags.join(', '),
    isPublic: saved.isPublic,
  };
}

/**
 * Kaydet: name (required), description, comma-separated tags and the public flag. When the list
 * came from one of the user's saved comparisons it can update that one instead of saving anew.
 * The server's refusal (the plan limit, a rule) is shown in the dialog.
 */
export function SaveComparisonDialog({
  open,
  onOpenChange,
  productCount,
  loaded,
  pending,
  serverError,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productCount: number;
  /** The user's saved comparison the list was loaded from, when there is one. */
  loaded: SavedComparison | null;
  pending: boolean;
  serverError: { message: string; upgrade: boolean } | null;
  onSubmit: (submit: SaveSubmit) => void;
}) {
  const id = useId();
  const [mode, setMode] = useState<SaveMode>(loaded ? 'update' : 'create');
  const [values, setValues] = useState<SaveFormValues>(() => valuesOf(loaded));
  const [errors, setErrors] = useState<SaveFormErrors>({});

  // A fresh form every time the dialog opens.
  useEffect(() => {
    if (!open) return;
    setMode(loaded ? 'update' : 'create');
    setValues(valuesOf(loaded));
    setErrors({});
  }, [open, loaded]);

  const set = <K extends keyof SaveFormValues>(key: K, value: SaveFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const chooseMode = (next: SaveMode) => {
    setMode(next);
    setValues(next === 'update' ? valuesOf(loaded) : EMPTY);
    setErrors({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = parseSaveForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = (['name', 'description', 'tags'] as const).find((field) => result.errors[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    onSubmit({ mode, value: result.value });
  };

  const tags = parseTags(values.tags);
  const nameId = `${id}-name`;
  const descriptionId = `${id}-description`;
  const tagsId = `${id}-tags`;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={mode === 'update' ? 'Karşılaştırmayı Güncelle' : 'Karşılaştırmayı Kaydet'}
      description={`${productCount} ürünlük karşılaştırmanız hesabınıza kaydedilir; daha sonra buradan yeniden açabilirsiniz.`}
      icon={
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Save aria-hidden="true" className="size-5" />
        </span>
      }
    >
      <form noValidate onSubmit={submit} className="mt-5 space-y-4">
        {loaded && (
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">Kaydetme şekli</legend>
            {(
              [
                ['update', `“${loaded.name}” karşılaştırmasını güncelle`],
                ['create', 'Yeni karşılaştırma olarak kaydet'],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-2 rounded-xl border border-line p-3 text-sm text-ink has-[:checked]:border-primary has-[:checked]:bg-primary-soft/60"
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => chooseMode(value)}
                  className="mt-0.5 accent-[var(--color-primary)]"
                />
                <span className="min-w-0 break-words">{label}</span>
              </label>
            ))}
          </fieldset>
        )}

        <FormField id={nameId} label="Karşılaştırma adı" required error={errors.name}>
          <input
            {...fieldAria(nameId, { error: errors.name, required: true })}
            type="text"
            value={values.name}
            maxLength={COMPARISON_NAME_MAX + 20}
            onChange={(event) => set('name', event.target.value)}
            placeholder="Örn. 30 bin TL altı telefonlar"
            autoComplete="off"
            className={inputClasses(Boolean(errors.name))}
          />
        </FormField>

        <FormField id={descriptionId} label="Açıklama" optional error={errors.description}>
          <textarea
            {...fieldAria(descriptionId, { error: errors.description })}
            value={values.description}
            rows={3}
            maxLength={COMPARISON_DESCRIPTION_MAX + 20}
            onChange={(event) => set('description', event.target.value)}
            placeholder="Bu karşılaştırmayı neden yaptınız?"
            className={inputClasses(Boolean(errors.description), 'resize-y')}
          />
        </FormField>

        <FormField
          id={tagsId}
          label="Etiketler"
          optional
          error={errors.tags}
          hint={
            tags.length > 0 ? (
              <span className="flex flex-wrap items-center gap-1">
                <span className="sr-only">Eklenecek etiketler:</span>
                {tags.map((tag) => (
                  <span key={tag} className="rounded-md bg-primary-soft px-1.5 py-0.5 font-medium text-primary">
                    #{tag}
                  </span>
                ))}
              </span>
            ) : (
              'Virgülle ayırın: telefon, kamera, bütçe'
            )
          }
        >
          <input
            {...fieldAria(tagsId, { error: errors.tags, hint: true })}
            type="text"
            value={values.tags}
            onChange={(event) => set('tags', event.target.value)}
            placeholder="telefon, kamera, bütçe"
            autoComplete="off"
            className={inputClasses(Boolean(errors.tags))}
          />
        </FormField>

        <SwitchField
          label="Herkese açık"
          description="Açık karşılaştırmaları diğer kullanıcılar da görebilir."
          checked={values.isPublic}
          onCheckedChange={(checked) => set('isPublic', checked)}
          className="rounded-xl border border-line px-3 py-3"
        />

        {serverError && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div>
              <p className="font-medium">{serverError.message}</p>
              {serverError.upgrade && (
                <Link to="/premium-plans" className="mt-1 inline-block font-semibold underline">
                  Premium planları incele
                </Link>
              )}
            </div>
          </div>
        )}

        <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => onOpenChange(false)} className={buttonClasses('outline', 'md')}>
            Vazgeç
          </button>
          <button type="submit" disabled={pending} className={buttonClasses('primary', 'md')}>
            {pending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Save aria-hidden="true" className="size-4" />
            )}
            {mode === 'update' ? 'Güncelle' : 'Kaydet'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
