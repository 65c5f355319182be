import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, Send } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button-styles';
import {
  CONTACT_CATEGORIES,
  CONTACT_MESSAGE_MAX,
  contactFormSchema,
  type ContactCategory,
  type ContactFormInput,
  type ContactFormValues,
} from '../contact-schema';
import { sendContactMessage } from '../send-contact-message';
import { fieldAria, fieldBorder, FormField, inputClasses } from './form-field';

interface ContactFormProps {
  initialCategory?: ContactCategory;
  /** Move focus to the first field on mount (after "Yeni Mesaj Gönder"). */
  autoFocus?: boolean;
  onSent: (values: ContactFormValues) => void;
}

export function ContactForm({ initialCategory, autoFocus = false, onSent }: ContactFormProps) {
  const idPrefix = useId();
  const ids = {
    name: `${idPrefix}-ad`,
    email: `${idPrefix}-eposta`,
    category: `${idPrefix}-kategori`,
    subject: `${idPrefix}-konu`,
    message: `${idPrefix}-mesaj`,
  };

  const {
    register,
    handleSubmit,
    setFocus,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: { name: '', email: '', category: initialCategory ?? '', subject: '', message: '' },
  });

  useEffect(() => {
    if (autoFocus) setFocus('name');
  }, [autoFocus, setFocus]);

  const messageLength = watch('message')?.length ?? 0;
  const categoryChosen = Boolean(watch('category'));

  async function submit(values: ContactFormValues) {
    const sent = await sendContactMessage(values);
    onSent(sent);
  }

  return (
    // POST: sent before its code has arrived, the route's action brings it back to the page.
    <form
      method="post"
      noValidate
      onSubmit={handleSubmit(submit)}
      aria-labelledby="contact-form-title"
      aria-busy={isSubmitting}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="contact-form-title" className="text-xl font-semibold text-ink">
          Bize Mesaj Gönderin
        </h2>
        <p className="text-sm text-muted">
          <span aria-hidden="true" className="text-danger">
            *
          </span>{' '}
          ile işaretli alanlar zorunludur.
        </p>
      </div>

      <fieldset disabled={isSubmitting} className="mt-6 grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">İletişim bilgileri ve mesajınız</legend>
        <FormField id={ids.name} label="Ad Soyad" error={errors.name?.message}>
          <input
            id={ids.name}
            type="text"
            autoComplete="name"
            placeholder="Adınız ve soyadınız"
            className={`${inputClasses} ${fieldBorder(Boolean(errors.name))}`}
            {...fieldAria(ids.name, errors.name?.message)}
            {...register('name')}
          />
        </FormField>

        <FormField id={ids.email} label="E-posta" error={errors.email?.message}>
          <input
            id={ids.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="ornek@eposta.com"
            className={`${inputClasses} ${fieldBorder(Boolean(errors.email))}`}
            {...fieldAria(ids.email, errors.email?.message)}
            {...register('email')}
          />
        </FormField>

        <div className="sm:col-span-2">
          <FormField id={ids.category} label="Kategori" error={errors.category?.message}>
            <select
              id={ids.category}
              // Server-rendered HTML needs the selection too, or browsers show the first real option.
              defaultValue={initialCategory ?? ''}
              className={`${inputClasses} ${fieldBorder(Boolean(errors.category))} ${categoryChosen ? '' : 'text-muted!'} appearance-none [&_option]:text-ink bg-[length:1.25rem] bg-[right_0.75rem_center] bg-no-repeat pr-10`}
              style={{ backgroundImage: SELECT_CHEVRON }}
              {...fieldAria(ids.category, errors.category?.message)}
              {...register('category')}
            >
              <option value="" disabled>
                Mesajınızın konusunu seçin
              </option>
              {CONTACT_CATEGORIES.map((category) => (
                <option key={category.value} value={category.value}>
                  {category.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>

        <div className="sm:col-span-2">
          <FormField id={ids.subject} label="Konu" error={errors.subject?.message}>
            <input
              id={ids.subject}
              type="text"
              placeholder="Mesajınızı kısaca özetleyin"
              className={`${inputClasses} ${fieldBorder(Boolean(errors.subject))}`}
              {...fieldAria(ids.subject, errors.subject?.message)}
              {...register('subject')}
            />
          </FormField>
        </div>

        <div className="sm:col-span-2">
          <FormField
            id={ids.message}
            label="Mesaj"
            error={errors.message?.message}
            hint={
              <span
                className={`shrink-0 tabular-nums ${messageLength > CONTACT_MESSAGE_MAX ? 'text-danger' : 'text-muted'}`}
              >
                {messageLength}/{CONTACT_MESSAGE_MAX}
              </span>
            }
          >
            <textarea
              id={ids.message}
              rows={6}
              placeholder="Size nasıl yardımcı olabileceğimizi ayrıntılı olarak yazın. Bir ürünle ilgiliyse ürün adını veya bağlantısını eklemeniz işimizi hızlandırır."
              className={`${inputClasses} ${fieldBorder(Boolean(errors.message))} min-h-36 resize-y`}
              {...fieldAria(ids.message, errors.message?.message)}
              {...register('message')}
            />
          </FormField>
        </div>
      </fieldset>

      <div className="mt-6 flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs leading-5 text-muted">
          Gönderdiğiniz bilgiler yalnızca talebinizi yanıtlamak için kullanılır. Ayrıntılar için{' '}
          <Link to="/privacy" className="font-medium text-primary underline underline-offset-2">
            Gizlilik Politikası
          </Link>
          .
        </p>
        <button type="submit" disabled={isSubmitting} className={buttonClasses('primary', 'lg', 'shrink-0')}>
          {isSubmitting ? (
            <>
              <LoaderCircle className="size-5 animate-spin" aria-hidden="true" />
              Gönderiliyor...
            </>
          ) : (
            <>
              <Send className="size-5" aria-hidden="true" />
              Mesajı Gönder
            </>
          )}
        </button>
      </div>
    </form>
  );
}

/** Chevron for the native select, drawn in the muted ink colour of both themes. */
const SELECT_CHEVRON =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%238a91a8' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")";
