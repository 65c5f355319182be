import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, MessageSquareText, Smartphone } from 'lucide-react';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import {
  normalizeTurkishMobile,
  PHONE_CODE_LENGTH,
  PHONE_CODE_RESEND_SECONDS,
  smsMessages,
  SMS_ERROR_CODES,
} from '@kiyasla/contracts/sms';
import { buttonClasses } from '~/components/ui/button-styles';
import { fieldAria, FormAlert, FormField, inputClasses } from '~/components/ui/form-field';
import { Skeleton } from '~/components/ui/skeleton';
import { SubmitButton } from '~/components/ui/submit-button';
import { phoneStatusQuery } from '~/entities/account/api/get-phone-status';
import { accountKeys } from '~/entities/account/api/query-keys';
import { AccountCard, AccountShell } from '~/entities/account/components/account-shell';
import { errorMessage, isApiError } from '~/lib/api-client';
import { formatPhoneInput } from '~/lib/phone-input';
import { toast } from '~/lib/toast';
import { confirmPhoneCode } from '../api/confirm-phone-code';
import { requestPhoneCode } from '../api/request-phone-code';

const CODE_PATTERN = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);
/** Answers after which the code in hand is useless: the member asks for a new one. */
const CODE_SPENT = new Set<string>([SMS_ERROR_CODES.codeExpired, SMS_ERROR_CODES.tooManyAttempts]);

type Step = { kind: 'phone' } | { kind: 'code'; phone: string; sentAt: number };

/** Seconds until a new code may be asked for (the server refuses sooner with PHONE_CODE_TOO_SOON). */
function useResendCountdown(sentAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sentAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt]);
  if (sentAt === null) return 0;
  return Math.max(0, Math.ceil((sentAt + PHONE_CODE_RESEND_SECONDS * 1000 - now) / 1000));
}

/**
 * Telefon Doğrulama: SMS notifications go only to a verified number (issue 13). The member enters
 * a Turkish mobile, receives a 6-digit code by SMS, enters it and the number is verified. A new
 * code may be asked for once a minute; a code is valid for ten minutes and five tries.
 */
export function PhoneVerificationPage() {
  const queryClient = useQueryClient();
  const status = useQuery(phoneStatusQuery());
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [changing, setChanging] = useState(false);
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const countdown = useResendCountdown(step.kind === 'code' ? step.sentAt : null);

  // The profile's number, when it has one, is the one offered.
  const profilePhone = status.data?.phone ?? null;
  useEffect(() => {
    if (profilePhone) setPhone((current) => current || formatPhoneInput(profilePhone));
  }, [profilePhone]);

  async function send(number: string) {
    setFormError(null);
    setPending(true);
    try {
      const sent = await requestPhoneCode(number);
      setStep({ kind: 'code', phone: sent.phone, sentAt: Date.now() });
      setCode('');
      setCodeError(null);
      toast.success(sent.message);
    } catch (error) {
      const text = errorMessage(error, genericMessages.errorRetry);
      if (isApiError(error) && error.code === SMS_ERROR_CODES.phoneInvalid) setPhoneError(text);
      else setFormError(text);
    } finally {
      setPending(false);
    }
  }

  function submitPhone(event: FormEvent) {
    event.preventDefault();
    if (!normalizeTurkishMobile(phone)) {
      setPhoneError(smsMessages.phoneInvalid);
      return;
    }
    setPhoneError(null);
    void send(phone);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const value = code.trim();
    if (!CODE_PATTERN.test(value)) {
      setCodeError(smsMessages.codeInvalid);
      return;
    }
    setCodeError(null);
    setFormError(null);
    setPending(true);
    try {
      const confirmed = await confirmPhoneCode(value);
      queryClient.setQueryData(accountKeys.phoneStatus(), confirmed.status);
      // The profile shows the number: it now holds the verified one.
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
      setStep({ kind: 'phone' });
      setChanging(false);
      toast.success(confirmed.message);
    } catch (error) {
      const text = errorMessage(error, genericMessages.errorRetry);
      if (isApiError(error) && CODE_SPENT.has(error.code)) setFormError(text);
      else setCodeError(text);
    } finally {
      setPending(false);
    }
  }

  let body;
  if (status.isPending) {
    body = <Skeleton className="h-64 w-full rounded-2xl" />;
  } else if (status.isError) {
    body = (
      <p role="alert" className="rounded-2xl border border-line bg-surface p-6 text-center text-danger">
        {smsMessages.statusLoadError}
      </p>
    );
  } else if (status.data.verified && !changing && step.kind === 'phone') {
    body = (
      <AccountCard title="Telefonunuz doğrulandı" icon={BadgeCheck}>
        <p className="text-ink">
          SMS bildirimleri <strong className="whitespace-nowrap">{status.data.phone}</strong> numarasına gönderilir.
        </p>
        <p className="mt-1 text-sm text-muted">
          Hangi bildirimlerin SMS ile geleceğini bildirim ayarlarından seçebilirsiniz.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to="/notifications?tab=settings" className={buttonClasses('primary', 'md')}>
            Bildirim Ayarları
          </Link>
          <button
            type="button"
            className={buttonClasses('outline', 'md')}
            onClick={() => {
              setChanging(true);
              setPhone('');
            }}
          >
            Numarayı Değiştir
          </button>
        </div>
      </AccountCard>
    );
  } else if (step.kind === 'phone') {
    body = (
      <AccountCard
        title="Cep telefonu numaranız"
        description="Numaranıza 6 haneli bir doğrulama kodu göndereceğiz."
        icon={Smartphone}
      >
        <form noValidate onSubmit={submitPhone} aria-busy={pending} className="max-w-md space-y-5">
          {formError && <FormAlert title={formError} />}
          <FormField id="verify-phone" label="Cep telefonu" error={phoneError ?? undefined} required>
            <input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+90 5XX XXX XX XX"
              maxLength={17}
              value={phone}
              onChange={(e) => {
                setPhone(formatPhoneInput(e.target.value));
                if (phoneError) setPhoneError(null);
              }}
              className={inputClasses(Boolean(phoneError))}
              {...fieldAria('verify-phone', { error: phoneError ?? undefined, required: true })}
            />
          </FormField>
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={pending} size="md" icon={MessageSquareText}>
              Kod Gönder
            </SubmitButton>
            {changing && (
              <button type="button" className={buttonClasses('ghost', 'md')} onClick={() => setChanging(false)}>
                Vazgeç
              </button>
            )}
          </div>
        </form>
      </AccountCard>
    );
  } else {
    body = (
      <AccountCard
        title="Doğrulama kodu"
        description={
          <>
            <span className="whitespace-nowrap font-medium text-ink">{step.phone}</span> numarasına gönderilen{' '}
            {PHONE_CODE_LENGTH} haneli kodu girin. Kod 10 dakika geçerlidir.
          </>
        }
        icon={MessageSquareText}
      >
        <form noValidate onSubmit={submitCode} aria-busy={pending} className="max-w-md space-y-5">
          {formError && <FormAlert title={formError} />}
          <FormField id="verify-code" label="Doğrulama kodu" error={codeError ?? undefined} required>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={PHONE_CODE_LENGTH}
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, '').slice(0, PHONE_CODE_LENGTH));
                if (codeError) setCodeError(null);
              }}
              className={inputClasses(Boolean(codeError), 'max-w-48 text-center text-lg tracking-[0.4em]')}
              {...fieldAria('verify-code', { error: codeError ?? undefined, required: true })}
            />
          </FormField>
          <SubmitButton pending={pending} size="md" icon={BadgeCheck}>
            Doğrula
          </SubmitButton>
        </form>
        <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-line pt-4 text-sm">
          <button
            type="button"
            disabled={countdown > 0 || pending}
            onClick={() => void send(step.phone)}
            className="font-medium text-primary hover:underline disabled:cursor-not-allowed disabled:text-muted disabled:no-underline"
          >
            {countdown > 0 ? `Kodu yeniden gönder (${countdown} sn)` : 'Kodu yeniden gönder'}
          </button>
          <button
            type="button"
            onClick={() => {
              setStep({ kind: 'phone' });
              setFormError(null);
            }}
            className="font-medium text-muted hover:text-primary"
          >
            Numarayı değiştir
          </button>
        </div>
        <p aria-live="polite" className="sr-only">
          {countdown === 0 ? 'Yeni bir kod isteyebilirsiniz.' : ''}
        </p>
      </AccountCard>
    );
  }

  return (
    <AccountShell
      title="Telefon Doğrulama"
      description="SMS bildirimleri yalnızca doğrulanmış bir cep telefonu numarasına gönderilir."
      backToProfile
    >
      <div className="max-w-3xl space-y-6">{body}</div>
    </AccountShell>
  );
}
