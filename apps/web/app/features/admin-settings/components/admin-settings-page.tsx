import { useEffect, useState } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { adminSettingsMessages as m, SETTINGS_TAB_LABELS } from '@kiyasla/contracts/admin-settings';
import {
  PAYMENT_PROVIDERS,
  SECRET_SETTING_FIELDS,
  SETTINGS_FIELD_LABELS,
  SETTINGS_GROUPS,
  SETTINGS_RANGES,
  SITE_CURRENCIES,
  SITE_LANGUAGES,
  SMTP_PORT_RANGE,
  type SettingsGroup,
  type SystemSettings,
} from '@kiyasla/contracts/settings';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { inputClasses } from '~/components/ui/form-field';
import { TabList } from '~/components/ui/tabs';
import { errorMessage, isApiError } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import {
  getSettingsExport,
  useAdminSettings,
  useResetAdminSettings,
  useSaveAdminSettings,
} from '../api/admin-settings';
import { useSendTestEmail } from '../api/send-test-email';
import { ApiSwitchesHelp, fieldError, ListField } from './api-settings-fields';

type Values = Record<string, unknown>;
const SUCCESS_BANNER_MS = 3000;
const CHOICES: Record<string, readonly string[]> = {
  language: SITE_LANGUAGES,
  currency: SITE_CURRENCIES,
  provider: PAYMENT_PROVIDERS,
};
/** Option texts that are not the value itself. */
const CHOICE_LABELS: Record<string, string | undefined> = { demo: 'demo (test ödeme sayfası)' };
const PROVIDER_FIELDS: Record<string, string[]> = {
  shopier: ['shopierApiKey', 'shopierApiSecret', 'shopierWebsiteIndex'],
  stripe: ['stripePublicKey', 'stripeSecretKey'],
  iyzico: ['iyzicoApiKey', 'iyzicoSecretKey'],
};
const ALL_PROVIDER_FIELDS = Object.values(PROVIDER_FIELDS).flat();
const SECRETS = new Set<string>(Object.values(SECRET_SETTING_FIELDS).flat());
const RANGES = { ...SETTINGS_RANGES, smtpPort: SMTP_PORT_RANGE } as Record<
  string,
  { min: number; max: number } | undefined
>;
const fieldLabel = (field: string) => (SETTINGS_FIELD_LABELS as Record<string, string>)[field] ?? field;

/** ISO instant ↔ the value of a datetime-local input (the browser's local time). */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function Field({
  group,
  name,
  value,
  error,
  revealed,
  onChange,
}: {
  group: SettingsGroup;
  name: string;
  value: unknown;
  error: string | undefined;
  revealed: boolean;
  onChange: (value: unknown) => void;
}) {
  const id = `settings-${group}-${name}`;
  if (typeof value === 'boolean') {
    return (
      <label
        htmlFor={id}
        className="flex items-center gap-3 rounded-xl border border-line px-3 py-2.5 text-sm text-ink"
      >
        <input
          id={id}
          type="checkbox"
          checked={value}
          onChange={(e) => onChange(e.target.checked)}
          className="size-4"
        />
        {fieldLabel(name)}
      </label>
    );
  }
  if (Array.isArray(value)) {
    return <ListField id={id} name={name} value={value as string[]} error={error} onChange={onChange} />;
  }
  const range = RANGES[name];
  const choices = CHOICES[name];
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {fieldLabel(name)}
        {range && (
          <span className="ml-1 font-normal text-muted">
            ({range.min}–{range.max})
          </span>
        )}
      </label>
      {choices ? (
        <select
          id={id}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          className={inputClasses(Boolean(error))}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {CHOICE_LABELS[choice] ?? choice}
            </option>
          ))}
        </select>
      ) : typeof value === 'number' ? (
        <input
          id={id}
          type="number"
          value={Number.isNaN(value) ? '' : value}
          step={name === 'taxRate' ? 0.01 : 1}
          {...(range ? { min: range.min, max: range.max } : {})}
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(error))}
        />
      ) : (
        <input
          id={id}
          type={
            SECRETS.has(name) && !revealed
              ? 'password'
              : /Email|fromAddress|replyTo/.test(name)
                ? 'email'
                : name === 'siteUrl'
                  ? 'url'
                  : 'text'
          }
          value={String(value ?? '')}
          autoComplete="off"
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClasses(Boolean(error))}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The e-mail tab's test button: a message to the signed-in admin at once, through the saved SMTP
 * server and sender (save first); the answer says whether the mail server took it or (no server
 * here nor in SMTP_URL) it only went to the server's log. A failure is a toast.
 */
function EmailTestButton() {
  const test = useSendTestEmail();
  return (
    <div className="sm:col-span-2">
      <button
        type="button"
        onClick={() => test.mutate()}
        disabled={test.isPending}
        className={buttonClasses('outline', 'md')}
      >
        {test.isPending ? m.emailTestSending : m.emailTest}
      </button>
      {test.data?.message && (
        <p role="status" className="mt-2 text-sm text-muted">
          {test.data.message}
        </p>
      )}
    </div>
  );
}

/** /admin/settings: seven tabs, save / reset / export, banners as the specification describes. */
export function AdminSettingsPage() {
  const query = useAdminSettings();
  const save = useSaveAdminSettings();
  const reset = useResetAdminSettings();
  const [tab, setTab] = useState<SettingsGroup>('general');
  const [draft, setDraft] = useState<SystemSettings | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (query.data && !dirty) setDraft(query.data);
  }, [query.data, dirty]);
  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  if (query.isPending)
    return (
      <p role="status" className="text-sm text-muted">
        {m.loading}
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {m.loadError}
      </p>
    );
  if (!draft) return <p className="text-sm text-muted">{m.empty}</p>;

  const set = (group: SettingsGroup, name: string, value: unknown) => {
    setDraft({ ...draft, [group]: { ...(draft[group] as Values), [name]: value } } as SystemSettings);
    setDirty(true);
    setSaved(false);
  };
  const submit = () => {
    setErrors({});
    setFormError(null);
    save.mutate(draft, {
      onSuccess: (data) => {
        setDraft(data);
        setDirty(false);
        setSaved(true);
      },
      onError: (error) => {
        const fieldErrors: Record<string, string> = {};
        if (isApiError(error))
          for (const e of error.errors ?? []) fieldErrors[e.path.replace(/^body\./, '')] = e.message;
        setErrors(fieldErrors);
        const first = Object.keys(fieldErrors)[0]?.split('.')[0];
        if (first && (SETTINGS_GROUPS as readonly string[]).includes(first)) setTab(first as SettingsGroup);
        setFormError(`${m.saveError}: ${errorMessage(error)}`);
      },
    });
  };
  const exportSettings = async () => {
    try {
      const { downloadUrl } = await getSettingsExport();
      window.open(downloadUrl, '_blank', 'noopener');
    } catch (error) {
      toast.error(m.exportError, errorMessage(error));
    }
  };

  const values = draft[tab] as Values;
  const maintenance = draft.maintenance.scheduledMaintenance;
  const fields = Object.keys(values).filter((name) => {
    if (tab === 'maintenance' && name === 'scheduledMaintenance') return false;
    if (tab === 'payment' && ALL_PROVIDER_FIELDS.includes(name))
      return (PROVIDER_FIELDS[draft.payment.provider] ?? []).includes(name);
    return true;
  });

  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-ink">Sistem Ayarları</h1>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => void exportSettings()} className={buttonClasses('outline', 'md')}>
            Dışa Aktar
          </button>
          <button type="button" onClick={() => setConfirmReset(true)} className={buttonClasses('outline', 'md')}>
            Sıfırla
          </button>
          <button
            type="button"
            onClick={submit}
            disabled={!dirty || save.isPending}
            className={buttonClasses('primary', 'md')}
          >
            {save.isPending ? m.saving : 'Kaydet'}
          </button>
        </div>
      </div>
      {saved && (
        <p
          role="status"
          className="mt-4 rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm text-success"
        >
          {m.saved}
        </p>
      )}
      {dirty && (
        <p role="status" className="mt-4 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm text-ink">
          {m.unsaved}
        </p>
      )}
      {formError && (
        <p role="alert" className="mt-4 rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
          {formError}
        </p>
      )}
      <div className="mt-4">
        <TabList
          tabs={SETTINGS_GROUPS.map((key) => ({ key, label: SETTINGS_TAB_LABELS[key] }))}
          value={tab}
          onChange={setTab}
          label="Ayar grupları"
          idPrefix="settings"
          keepSelectedInView
        />
      </div>
      <div
        role="tabpanel"
        id={`settings-panel-${tab}`}
        aria-labelledby={`settings-tab-${tab}`}
        className="mt-4 rounded-2xl border border-line bg-surface p-4 sm:p-6"
      >
        {tab === 'email' && (
          <p className="mb-4 text-sm text-muted">
            SMTP sunucusu girildiğinde tüm e-postalar (şifre sıfırlama, bildirimler, haftalık özet, deneme e-postası)
            kaydettiğiniz anda bu sunucudan gönderilir; boş bırakılırsa sunucunun SMTP_URL ayarı, o da yoksa yalnızca
            sunucu günlüğü kullanılır. Port 587 genellikle STARTTLS, 465 baştan TLS ister. Sunucuda MAIL_FROM tanımlıysa
            gönderen adı ve e-postası yerine o kullanılır. Yeni ayarları denemek için önce kaydedin, sonra deneme
            e-postası gönderin.
          </p>
        )}
        {tab === 'payment' && (
          <p className="mb-4 text-sm text-muted">
            Satın almalar seçilen sağlayıcıdan, bilgileri girildiğinde geçer. Demo seçiliyken ya da sağlayıcının
            bilgileri eksikken test modu açıksa yerleşik test ödeme sayfası kullanılır ve gerçek ödeme alınmaz; test
            modu kapalıysa satın alma yapılamaz.
          </p>
        )}
        {(tab === 'payment' || tab === 'email') && (
          <button type="button" onClick={() => setRevealed((r) => !r)} className={buttonClasses('ghost', 'sm', 'mb-4')}>
            {revealed ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {revealed ? 'Gizli alanları gizle' : 'Gizli alanları göster'}
          </button>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((name) => (
            <Field
              key={name}
              group={tab}
              name={name}
              value={values[name]}
              error={fieldError(errors, `${tab}.${name}`)}
              revealed={revealed}
              onChange={(value) => set(tab, name, value)}
            />
          ))}
          {tab === 'email' && <EmailTestButton />}
          {tab === 'api' && <ApiSwitchesHelp />}
          {tab === 'maintenance' && (
            <>
              <label className="flex items-center gap-3 rounded-xl border border-line px-3 py-2.5 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={maintenance.enabled}
                  onChange={(e) =>
                    set('maintenance', 'scheduledMaintenance', { ...maintenance, enabled: e.target.checked })
                  }
                  className="size-4"
                />
                {fieldLabel('scheduledMaintenance')}
              </label>
              {maintenance.enabled &&
                (['startDate', 'endDate'] as const).map((key) => (
                  <div key={key}>
                    <label htmlFor={`settings-maintenance-${key}`} className="mb-1 block text-sm font-medium text-ink">
                      {fieldLabel(key)}
                    </label>
                    <input
                      id={`settings-maintenance-${key}`}
                      type="datetime-local"
                      value={toLocalInput(maintenance[key])}
                      onChange={(e) =>
                        set('maintenance', 'scheduledMaintenance', {
                          ...maintenance,
                          [key]: fromLocalInput(e.target.value),
                        })
                      }
                      className={inputClasses(Boolean(errors[`maintenance.scheduledMaintenance.${key}`]))}
                    />
                    {errors[`maintenance.scheduledMaintenance.${key}`] && (
                      <p className="mt-1 text-sm text-danger">{errors[`maintenance.scheduledMaintenance.${key}`]}</p>
                    )}
                  </div>
                ))}
            </>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Ayarları Sıfırla"
        description={m.resetConfirm}
        confirmLabel="Sıfırla"
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: (data) => {
              setDraft(data);
              setDirty(false);
              setErrors({});
              setFormError(null);
            },
            onSettled: () => setConfirmReset(false),
          })
        }
      />
    </section>
  );
}
