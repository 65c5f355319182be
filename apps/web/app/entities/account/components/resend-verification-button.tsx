import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { LoaderCircle, MailCheck } from 'lucide-react';
import { genericMessages } from '@kiyasla/contracts/messages/generic';
import { useAuth } from '~/entities/session/auth-context';
import { errorMessage } from '~/lib/api-client';
import { resendVerificationEmail } from '../api/resend-verification-email';

type Notice = { tone: 'success' | 'warning' | 'danger'; text: string };

/**
 * The outline button's look (components/ui/button-styles) without `whitespace-nowrap` and its fixed
 * height: on a phone the label wraps inside the account card instead of pushing out of it.
 */
const RESEND_BUTTON =
  'inline-flex min-h-8 max-w-full items-center gap-2 rounded-lg border border-line bg-surface px-3 py-1.5 text-left text-sm font-semibold text-ink transition-colors duration-150 hover:border-primary hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:pointer-events-none disabled:opacity-50';

/** A countdown in the label only for a short wait (the minute between two e-mails). */
const COUNTDOWN_MAX_SECONDS = 120;

/** Seconds left until `until` (ms), rendered again every second while there are any. */
function useSecondsLeft(until: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * "Doğrulama e-postasını tekrar gönder": mails the signed-in member a new verification link and
 * says to check the inbox. The server allows one a minute and five in 24 hours; its refusal is
 * shown as it words it, and the button waits out its Retry-After.
 */
export function ResendVerificationButton({
  align = 'start',
  className,
}: {
  /** Where the button and its message sit: the account card's row (start) or a centred page. */
  align?: 'start' | 'center';
  className?: string;
}) {
  const { refreshProfile } = useAuth();
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const secondsLeft = useSecondsLeft(waitUntil);

  async function resend() {
    setPending(true);
    setNotice(null);
    try {
      const outcome = await resendVerificationEmail();
      if (outcome.kind === 'already-verified') {
        setNotice({ tone: 'success', text: outcome.message });
        // The badge follows the server: the address was verified elsewhere.
        await refreshProfile();
        return;
      }
      setNotice({ tone: outcome.kind === 'sent' ? 'success' : 'warning', text: outcome.message });
      setWaitUntil(Date.now() + outcome.waitSeconds * 1000);
    } catch (error) {
      setNotice({ tone: 'danger', text: errorMessage(error, genericMessages.errorRetry) });
    } finally {
      setPending(false);
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <div
      className={clsx(
        'flex max-w-full min-w-0 flex-col gap-2',
        align === 'center' ? 'items-center text-center' : 'items-start',
        className,
      )}
    >
      <button
        type="button"
        onClick={() => void resend()}
        disabled={pending || waiting}
        aria-busy={pending}
        className={RESEND_BUTTON}
      >
        {pending ? (
          <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
        ) : (
          <MailCheck aria-hidden="true" className="size-4 shrink-0" />
        )}
        Doğrulama e-postasını tekrar gönder
        {waiting && secondsLeft <= COUNTDOWN_MAX_SECONDS && (
          <span className="font-normal text-muted tabular-nums">({secondsLeft} sn)</span>
        )}
      </button>
      <p
        role="status"
        className={clsx(
          'text-sm font-normal empty:hidden',
          notice?.tone === 'success' && 'text-success',
          notice?.tone === 'warning' && 'text-warning',
          notice?.tone === 'danger' && 'text-danger',
        )}
      >
        {notice?.text}
      </p>
    </div>
  );
}
