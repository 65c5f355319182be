import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, Lock, PencilLine, Save, X } from 'lucide-react';
import { z } from 'zod';
import {
  firstNameSchema,
  lastNameSchema,
  PHONE_MAX_LENGTH,
  phoneSchema,
  type Address,
  type User,
} from '@kiyasla/contracts/user';
import { authMessages } from '@kiyasla/contracts/messages/auth';
import { buttonClasses } from '~/components/ui/button-styles';
import { fieldAria, FormField, inputClasses } from '~/components/ui/form-field';
import { SubmitButton } from '~/components/ui/submit-button';
import { phoneStatusQuery } from '~/entities/account/api/get-phone-status';
import { useUpdateDetails } from '~/entities/account/api/update-details';
import { isApiError } from '~/lib/api-client';
import { formatDate } from '~/lib/format-date';
import { serverFieldErrors } from '~/lib/form-errors';
import { filterNameInput } from '~/lib/name-input';
import { formatPhoneInput } from '~/lib/phone-input';
import { toast } from '~/lib/toast';

export const BIO_MAX_LENGTH = 500;

const profileEditSchema = z.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  street: z.string().trim().max(200),
  city: z.string().trim().max(100),
  country: z.string().trim().max(100),
  bio: z.string().trim().max(BIO_MAX_LENGTH, `En fazla ${BIO_MAX_LENGTH} karakter yazabilirsiniz`),
});
type ProfileEditInput = z.input<typeof profileEditSchema>;
type ProfileEditValues = z.output<typeof profileEditSchema>;

/** The address as one object, whichever form the server holds (spec §3: string or object). */
export function addressParts(address: Address | null): { street: string; city: string; country: string } {
  if (!address) return { street: '', city: '', country: '' };
  if (typeof address === 'string') return { street: address, city: '', country: '' };
  return { street: address.street ?? '', city: address.city ?? '', country: address.country ?? '' };
}

export function formatAddress(address: Address | null): string {
  const { street, city, country } = addressParts(address);
  return [street, city, country].filter(Boolean).join(', ');
}

function defaults(user: User): ProfileEditInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ? formatPhoneInput(user.phone) : '',
    ...addressParts(user.address),
    bio: user.bio ?? '',
  };
}

function Row({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 text-ink">{value || <span className="text-muted">Belirtilmemiş</span>}</dd>
    </div>
  );
}

/** The phone with its SMS verification: verified, or the way to the phone verification page. */
function PhoneValue({ phone }: { phone: string | null }) {
  const status = useQuery(phoneStatusQuery());
  const verified = status.data?.verified === true;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {phone ?? <span className="text-muted">Belirtilmemiş</span>}
      {verified ? (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-success">
          <BadgeCheck aria-hidden="true" className="size-4" />
          Doğrulandı
        </span>
      ) : (
        status.data && (
          <Link to="/phone-verification" className="text-sm font-medium text-primary hover:underline">
            {phone ? 'SMS için doğrula' : 'Telefon ekle ve doğrula'}
          </Link>
        )
      )}
    </span>
  );
}

/** Profil tab (spec §4 "Profile edit"): view, then edit, then saved (back to view) or cancelled. */
export function ProfileDetailsTab({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);

  if (editing) return <ProfileEditForm user={user} onDone={() => setEditing(false)} />;

  return (
    <section aria-labelledby="profile-details-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="profile-details-title" className="text-lg font-semibold text-ink">
          Kişisel Bilgiler
        </h2>
        <button type="button" onClick={() => setEditing(true)} className={buttonClasses('outline', 'sm')}>
          <PencilLine aria-hidden="true" className="size-4" />
          Düzenle
        </button>
      </div>
      <dl className="mt-6 grid gap-x-8 gap-y-5 sm:grid-cols-2">
        <Row label="Ad" value={user.firstName} />
        <Row label="Soyad" value={user.lastName} />
        <Row
          label="E-posta"
          value={
            <span className="inline-flex items-center gap-1.5 break-all">
              {user.email}
              <Lock aria-hidden="true" className="size-3.5 shrink-0 text-muted" />
              <span className="sr-only">(değiştirilemez)</span>
            </span>
          }
        />
        <Row label="Telefon" value={<PhoneValue phone={user.phone} />} />
        <Row label="Adres" value={formatAddress(user.address)} wide />
        <Row label="Hakkımda" value={user.bio && <span className="whitespace-pre-line">{user.bio}</span>} wide />
        <Row label="Üyelik Tarihi" value={formatDate(user.createdAt)} />
      </dl>
    </section>
  );
}

const EDITABLE = ['firstName', 'lastName', 'phone', 'bio'] as const;

function ProfileEditForm({ user, onDone }: { user: User; onDone: () => void }) {
  const update = useUpdateDetails(authMessages.profileUpdateError);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileEditInput, unknown, ProfileEditValues>({
    resolver: zodResolver(profileEditSchema),
    mode: 'onTouched',
    defaultValues: defaults(user),
  });

  async function submit(values: ProfileEditValues) {
    if (!isDirty) {
      onDone();
      return;
    }
    const address =
      values.street || values.city || values.country
        ? { street: values.street, city: values.city, country: values.country }
        : null;
    try {
      await update.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        phone: values.phone || null,
        address,
        bio: values.bio || null,
      });
      toast.success(authMessages.profileUpdated);
      onDone();
    } catch (error) {
      // The toast has been shown (lib/query-client); a field the server refused says why in place.
      if (isApiError(error)) {
        for (const { name, message } of serverFieldErrors(error.errors, EDITABLE)) setError(name, { message });
      }
    }
  }

  const firstName = register('firstName');
  const lastName = register('lastName');
  const phone = register('phone');
  const bioLength = watch('bio')?.length ?? 0;
  const ids = {
    firstName: 'profile-first-name',
    lastName: 'profile-last-name',
    email: 'profile-email',
    phone: 'profile-phone',
    street: 'profile-street',
    city: 'profile-city',
    country: 'profile-country',
    bio: 'profile-bio',
  };

  return (
    <form noValidate onSubmit={handleSubmit(submit)} aria-labelledby="profile-edit-title" aria-busy={isSubmitting}>
      <h2 id="profile-edit-title" className="text-lg font-semibold text-ink">
        Bilgilerimi Düzenle
      </h2>
      <fieldset disabled={isSubmitting} className="mt-6 grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Kişisel bilgiler</legend>
        <FormField id={ids.firstName} label="Ad" error={errors.firstName?.message} required>
          <input
            type="text"
            autoComplete="given-name"
            className={inputClasses(Boolean(errors.firstName))}
            {...fieldAria(ids.firstName, { error: errors.firstName?.message, required: true })}
            {...firstName}
            onChange={(event) => {
              event.target.value = filterNameInput(event.target.value);
              void firstName.onChange(event);
            }}
          />
        </FormField>
        <FormField id={ids.lastName} label="Soyad" error={errors.lastName?.message} required>
          <input
            type="text"
            autoComplete="family-name"
            className={inputClasses(Boolean(errors.lastName))}
            {...fieldAria(ids.lastName, { error: errors.lastName?.message, required: true })}
            {...lastName}
            onChange={(event) => {
              event.target.value = filterNameInput(event.target.value);
              void lastName.onChange(event);
            }}
          />
        </FormField>
        <FormField id={ids.email} label="E-posta" hint={authMessages.emailImmutable}>
          <input
            type="email"
            value={user.email}
            readOnly
            disabled
            className={inputClasses(false)}
            {...fieldAria(ids.email, { hint: true })}
          />
        </FormField>
        <FormField id={ids.phone} label="Telefon" error={errors.phone?.message} optional>
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+90 5XX XXX XX XX"
            maxLength={PHONE_MAX_LENGTH}
            className={inputClasses(Boolean(errors.phone))}
            {...fieldAria(ids.phone, { error: errors.phone?.message })}
            {...phone}
            onChange={(event) => {
              event.target.value = formatPhoneInput(event.target.value);
              void phone.onChange(event);
            }}
          />
        </FormField>
        <FormField id={ids.street} label="Adres" error={errors.street?.message} optional className="sm:col-span-2">
          <input
            type="text"
            autoComplete="street-address"
            placeholder="Mahalle, cadde, sokak, bina ve daire no"
            className={inputClasses(Boolean(errors.street))}
            {...fieldAria(ids.street, { error: errors.street?.message })}
            {...register('street')}
          />
        </FormField>
        <FormField id={ids.city} label="Şehir" error={errors.city?.message} optional>
          <input
            type="text"
            autoComplete="address-level1"
            className={inputClasses(Boolean(errors.city))}
            {...fieldAria(ids.city, { error: errors.city?.message })}
            {...register('city')}
          />
        </FormField>
        <FormField id={ids.country} label="Ülke" error={errors.country?.message} optional>
          <input
            type="text"
            autoComplete="country-name"
            className={inputClasses(Boolean(errors.country))}
            {...fieldAria(ids.country, { error: errors.country?.message })}
            {...register('country')}
          />
        </FormField>
        <FormField
          id={ids.bio}
          label="Hakkımda"
          error={errors.bio?.message}
          optional
          className="sm:col-span-2"
          persistentHint
          hint={
            <span className={bioLength > BIO_MAX_LENGTH ? 'text-danger' : undefined}>
              {bioLength}/{BIO_MAX_LENGTH}
            </span>
          }
        >
          <textarea
            rows={4}
            placeholder="Kendinizden kısaca bahsedin"
            className={inputClasses(Boolean(errors.bio), 'min-h-28 resize-y')}
            {...fieldAria(ids.bio, { error: errors.bio?.message, hint: true })}
            {...register('bio')}
          />
        </FormField>
      </fieldset>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" onClick={onDone} disabled={isSubmitting} className={buttonClasses('outline', 'md')}>
          <X aria-hidden="true" className="size-4" />
          İptal
        </button>
        <SubmitButton pending={isSubmitting} icon={Save} size="md">
          Kaydet
        </SubmitButton>
      </div>
    </form>
  );
}
