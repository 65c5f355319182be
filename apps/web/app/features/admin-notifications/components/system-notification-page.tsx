import { useRef, useState, type FormEvent } from 'react';
import {
  AUDIENCE_LABELS,
  SYSTEM_NOTIFICATION_AUDIENCES,
  adminNotificationMessages,
  systemNotificationSchema,
  type SystemNotificationAudience,
} from '@kiyasla/contracts/admin-notifications';
import { buttonClasses } from '~/components/ui/button-styles';
import { FormField, fieldAria, inputClasses } from '~/components/ui/form-field';
import { toast } from '~/lib/toast';
import { useSendSystemNotification } from '../api/send-system-notification';
import { newIdempotencyKey } from '../utils/idempotency-key';

type Errors = Partial<Record<'title' | 'message', string>>;
type Composed = { title: string; message: string; audience: SystemNotificationAudience };

const sameMessage = (a: Composed, b: Composed) =>
  a.title === b.title && a.message === b.message && a.audience === b.audience;

/**
 * /admin/notifications: a system notification ("Sistem" tab of /notifications) to every user or
 * one role. Each user's "Sistem duyuruları" preferences decide e-mail, push and SMS copies.
 */
export function SystemNotificationPage() {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<SystemNotificationAudience>('all');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);
  const send = useSendSystemNotification();
  // The message being sent and its idempotency key: a double submit or a retry after a failure
  // repeats the key, so the server sends it once; an edited message or the next one gets a new key.
  const attempt = useRef<{ key: string; message: Composed } | null>(null);

  const keyFor = (composed: Composed): string => {
    if (!attempt.current || !sameMessage(attempt.current.message, composed)) {
      attempt.current = { key: newIdempotencyKey(), message: composed };
    }
    return attempt.current.key;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = systemNotificationSchema.safeParse({ title, message, audience });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'title' || key === 'message') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      setConfirming(false);
      return;
    }
    setErrors({});
    if (!confirming) {
      setConfirming(true);
      return;
    }
    const idempotencyKey = keyFor(parsed.data);
    send.mutate(
      { input: parsed.data, idempotencyKey },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? adminNotificationMessages.sent(res.data.recipients));
          if (attempt.current?.key === idempotencyKey) attempt.current = null;
          setTitle('');
          setMessage('');
          setConfirming(false);
        },
        // The query client's error toast tells why; the key stays for the retry.
        onError: () => setConfirming(false),
      },
    );
  };

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-ink">Sistem Bildirimi</h1>
        <p className="mt-1 text-sm text-muted">
          Uygulama içi bildirim olarak gider; e-posta, anlık bildirim ve SMS kopyaları her kullanıcının &quot;Sistem
          duyuruları&quot; tercihine göre gönderilir.
        </p>
      </header>
      <form
        noValidate
        onSubmit={submit}
        className="max-w-2xl space-y-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
      >
        <FormField id="system-title" label="Başlık" required error={errors.title}>
          <input
            {...fieldAria('system-title', { error: errors.title, required: true })}
            value={title}
            maxLength={120}
            onChange={(e) => {
              setTitle(e.target.value);
              setConfirming(false);
            }}
            className={inputClasses(Boolean(errors.title))}
          />
        </FormField>
        <FormField id="system-message" label="Mesaj" required error={errors.message}>
          <textarea
            {...fieldAria('system-message', { error: errors.message, required: true })}
            value={message}
            maxLength={1000}
            rows={5}
            onChange={(e) => {
              setMessage(e.target.value);
              setConfirming(false);
            }}
            className={inputClasses(Boolean(errors.message), 'h-auto py-2')}
          />
        </FormField>
        <FormField id="system-audience" label="Alıcılar">
          <select
            id="system-audience"
            value={audience}
            onChange={(e) => {
              setAudience(e.target.value as SystemNotificationAudience);
              setConfirming(false);
            }}
            className={inputClasses(false)}
          >
            {SYSTEM_NOTIFICATION_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {AUDIENCE_LABELS[a]}
              </option>
            ))}
          </select>
        </FormField>
        {confirming && (
          <p role="status" className="rounded-lg bg-primary-soft p-3 text-sm text-ink">
            Bildirim &quot;{AUDIENCE_LABELS[audience]}&quot; grubundaki herkese gönderilecek. Onaylamak için yeniden
            Gönder&apos;e basın.
          </p>
        )}
        <div className="flex gap-3">
          <button type="submit" className={buttonClasses('primary')} disabled={send.isPending}>
            {send.isPending ? 'Gönderiliyor…' : confirming ? 'Onayla ve Gönder' : 'Gönder'}
          </button>
          {confirming && (
            <button type="button" className={buttonClasses('outline')} onClick={() => setConfirming(false)}>
              Vazgeç
            </button>
          )}
        </div>
      </form>
    </div>
  );
}
