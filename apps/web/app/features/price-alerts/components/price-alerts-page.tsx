import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import * as Switch from '@radix-ui/react-switch';
import { AlarmClock, Check, Pencil, Store, Trash2, X } from 'lucide-react';
import clsx from 'clsx';
import type { PriceAlert } from '@kiyasla/contracts/alerts';
import { alertsMessages } from '@kiyasla/contracts/messages/alerts';
import type { User } from '@kiyasla/contracts/user';
import { Breadcrumb } from '~/components/ui/breadcrumb';
import { buttonClasses } from '~/components/ui/button-styles';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { Skeleton } from '~/components/ui/skeleton';
import { TabList } from '~/components/ui/tabs';
import { useAlerts } from '~/entities/price-alerts/api/get-alerts';
import { productHref } from '~/entities/product/utils/product-href';
import { PremiumUpsell } from '~/entities/price-alerts/components/premium-upsell';
import { parseTargetPrice, targetError } from '~/entities/price-alerts/utils/target-price';
import { formatNumber, formatPrice } from '~/lib/format';
import { formatDate } from '~/lib/format-date';
import { usePublicConfig } from '~/lib/public-config';
import { useLoadErrorToast } from '~/lib/query-client';
import { useAlertMutations } from '../hooks/use-alert-mutations';

type Filter = 'all' | 'active' | 'triggered' | 'inactive';

const FILTERS: { key: Filter; label: string }[] = [
  { key: 'all', label: 'Tümü' },
  { key: 'active', label: 'Aktif' },
  { key: 'triggered', label: 'Tetiklendi' },
  { key: 'inactive', label: 'Pasif' },
];

/** §5: active = active and not triggered. */
function matches(alert: PriceAlert, filter: Filter): boolean {
  if (filter === 'active') return alert.isActive && !alert.triggered;
  if (filter === 'triggered') return alert.triggered;
  if (filter === 'inactive') return !alert.isActive;
  return true;
}

/** The badge of §2: Tetiklendi if triggered, else Aktif if active, else Pasif. */
function StatusBadge({ alert }: { alert: PriceAlert }) {
  const [label, cls] = alert.triggered
    ? ['Tetiklendi', 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300']
    : alert.isActive
      ? ['Aktif', 'bg-primary-soft text-primary']
      : ['Pasif', 'bg-surface-2 text-muted'];
  return <span className={clsx('rounded-full px-2.5 py-0.5 text-xs font-semibold', cls)}>{label}</span>;
}

/** 'Fiyat Alarmları' (spec §2): filter, toggle, edit the target, delete with confirmation. */
export function PriceAlertsPage({ user }: { user: User }) {
  const alerts = useAlerts();
  const config = usePublicConfig();
  const disabled = config?.features.enablePriceAlerts === false;
  const [filter, setFilter] = useState<Filter>('all');
  const [deleting, setDeleting] = useState<PriceAlert | null>(null);
  const { toggle, update, remove } = useAlertMutations();
  useLoadErrorToast(alerts.isError, alertsMessages.loadError);

  const items = alerts.data;
  const counts = useMemo(() => {
    const c: Record<Filter, number> = { all: 0, active: 0, triggered: 0, inactive: 0 };
    for (const a of items ?? []) for (const f of FILTERS) if (matches(a, f.key)) c[f.key]++;
    return c;
  }, [items]);
  const shown = (items ?? []).filter((a) => matches(a, filter));

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <Breadcrumb items={[{ label: 'Ana Sayfa', to: '/' }, { label: 'Fiyat Alarmları' }]} />
      <div className="mt-4 flex items-center gap-3">
        <span className="flex h-12 w-12 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <AlarmClock aria-hidden="true" className="h-6 w-6" />
        </span>
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">Fiyat Alarmları</h1>
          <p className="mt-0.5 text-sm text-muted">
            {alerts.isPending ? 'Yükleniyor...' : `${formatNumber(counts.active)} aktif alarm`}
          </p>
        </div>
      </div>

      {disabled && (
        <p role="status" className="mt-6 rounded-2xl border border-line bg-surface p-6 text-center text-muted">
          {alertsMessages.disabled}
        </p>
      )}

      {!disabled && !user.isPremium && (
        <div className="mt-6">
          <PremiumUpsell />
        </div>
      )}

      {!disabled && (user.isPremium || (items && items.length > 0)) && (
        <>
          <div className="mt-6 overflow-x-auto">
            <TabList
              tabs={FILTERS.map((f) => ({ key: f.key, label: `${f.label} (${counts[f.key]})` }))}
              value={filter}
              onChange={setFilter}
              label="Alarm filtresi"
              idPrefix="alert-filter"
            />
          </div>
          <div role="tabpanel" id={`alert-filter-panel-${filter}`} className="mt-4">
            {alerts.isPending ? (
              <div className="space-y-3">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-28 w-full rounded-2xl" />
                ))}
              </div>
            ) : alerts.isError ? (
              <p role="alert" className="rounded-2xl border border-line bg-surface p-6 text-center text-danger">
                {alertsMessages.loadError}
              </p>
            ) : shown.length === 0 ? (
              <EmptyAlerts filtered={filter !== 'all'} />
            ) : (
              <ul className="space-y-3">
                {shown.map((alert) => (
                  <AlertRow
                    key={alert._id}
                    alert={alert}
                    canEdit={user.isPremium}
                    toggling={toggle.isPending && toggle.variables === alert._id}
                    onToggle={() => toggle.mutate(alert._id)}
                    onSave={(targetPrice) => update.mutateAsync({ id: alert._id, targetPrice })}
                    onDelete={() => setDeleting(alert)}
                  />
                ))}
              </ul>
            )}
          </div>
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Fiyat alarmı silinsin mi?"
        description={deleting ? `${deleting.product.name} için kurduğunuz alarm silinecek.` : ''}
        confirmLabel="Sil"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
        }}
      />
    </div>
  );
}

function EmptyAlerts({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <AlarmClock aria-hidden="true" className="mx-auto size-10 text-muted" />
      <h2 className="mt-3 text-lg font-bold text-ink">
        {filtered ? 'Bu filtrede alarm yok' : 'Henüz fiyat alarmınız yok'}
      </h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-muted">
        Bir ürünün sayfasında ya da kartında alarm simgesine tıklayın; fiyat hedefinize indiğinde size haber verelim.
      </p>
      {!filtered && (
        <Link to="/" className={clsx(buttonClasses('primary', 'md'), 'mt-5')}>
          Ürünleri Keşfet
        </Link>
      )}
    </div>
  );
}

interface AlertRowProps {
  alert: PriceAlert;
  canEdit: boolean;
  toggling: boolean;
  onToggle: () => void;
  onSave: (targetPrice: number) => Promise<unknown>;
  onDelete: () => void;
}

function AlertRow({ alert, canEdit, toggling, onToggle, onSave, onDelete }: AlertRowProps) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(alert.targetPrice));
  const [saving, setSaving] = useState(false);
  // Bumped by a refused save: the message is inserted again, so a screen reader says it again.
  const [refusals, setRefusals] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // The control that opened or closed the field is removed with it: say where focus goes next.
  const focusAfterToggle = useRef<'input' | 'edit-button' | null>(null);
  const image = alert.product.images[0];
  const parsed = parseTargetPrice(value);
  const error = editing ? targetError(value, alert.triggerType, alert.currentPrice) : null;
  const reached =
    alert.currentPrice !== null &&
    (alert.triggerType === 'below' ? alert.currentPrice <= alert.targetPrice : alert.currentPrice >= alert.targetPrice);

  useEffect(() => {
    const target = focusAfterToggle.current;
    focusAfterToggle.current = null;
    if (target === 'input') inputRef.current?.focus();
    // After an awaited save, only if focus was lost with the form (not moved elsewhere meanwhile).
    else if (target === 'edit-button' && (!document.activeElement || document.activeElement === document.body))
      editButtonRef.current?.focus();
  }, [editing]);

  const startEditing = () => {
    setValue(String(alert.targetPrice));
    focusAfterToggle.current = 'input';
    setEditing(true);
  };
  const stopEditing = () => {
    focusAfterToggle.current = 'edit-button';
    setEditing(false);
  };

  const save = async () => {
    if (saving) return;
    if (error) {
      setRefusals((n) => n + 1);
      inputRef.current?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSave(parsed);
      stopEditing();
    } catch {
      // The mutation's toast tells why; the field stays open.
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className="rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5">
      <div className="flex gap-4">
        <Link to={productHref(alert.product._id)} className="shrink-0">
          {image ? (
            <img src={image.url} alt={image.alt} className="size-16 rounded-xl bg-white object-contain sm:size-20" />
          ) : (
            <span className="block size-16 rounded-xl bg-surface-2 sm:size-20" />
          )}
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Link
              to={productHref(alert.product._id)}
              className="line-clamp-2 font-semibold text-ink hover:text-primary"
            >
              {alert.product.name}
            </Link>
            <StatusBadge alert={alert} />
          </div>
          <p className="mt-1 flex items-center gap-1 text-xs text-muted">
            <Store aria-hidden="true" className="size-3.5" />
            {alert.store ? alert.store.name : 'Tüm mağazalar (en düşük fiyat)'}
            <span aria-hidden="true">·</span>
            {formatDate(alert.createdAt, 'short')}
          </p>
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted">Güncel fiyat</dt>
              <dd className={clsx('font-bold', reached ? 'text-emerald-700 dark:text-emerald-300' : 'text-ink')}>
                {alert.currentPrice === null ? 'Stokta yok' : formatPrice(alert.currentPrice)}
              </dd>
            </div>
            <div>
              <dt className="text-muted">
                {alert.triggerType === 'below' ? 'Hedef (altına inince)' : 'Hedef (üstüne çıkınca)'}
              </dt>
              <dd className="font-bold text-primary">{formatPrice(alert.targetPrice)}</dd>
            </div>
            {alert.triggered && alert.triggeredPrice !== null && (
              <div>
                <dt className="text-muted">Tetiklendiği fiyat</dt>
                <dd className="font-bold text-ink">
                  {formatPrice(alert.triggeredPrice)}
                  {alert.triggeredAt && (
                    <span className="ml-1 text-xs font-normal text-muted">
                      {formatDate(alert.triggeredAt, 'short')}
                    </span>
                  )}
                </dd>
              </div>
            )}
          </dl>

          {editing && (
            <form
              className="mt-3 flex flex-wrap items-start gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <div>
                <label htmlFor={`target-${alert._id}`} className="sr-only">
                  Yeni hedef fiyat (₺)
                </label>
                <input
                  ref={inputRef}
                  id={`target-${alert._id}`}
                  inputMode="decimal"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') stopEditing();
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `target-${alert._id}-error` : undefined}
                  className="h-10 w-36 rounded-lg border border-line bg-page px-3 text-ink"
                />
                {/* Always present, so the live region is known before a message appears in it. */}
                <p id={`target-${alert._id}-error`} role="alert" className="text-xs text-danger">
                  {error && (
                    <span key={refusals} className="mt-1 block">
                      {error}
                    </span>
                  )}
                </p>
              </div>
              {/* Not disabled while the target is invalid: Enter and Kaydet say why instead of doing nothing. */}
              <button type="submit" aria-disabled={saving || undefined} className={buttonClasses('primary', 'md')}>
                <Check aria-hidden="true" className="size-4" />
                Kaydet
              </button>
              <button type="button" onClick={stopEditing} className={buttonClasses('ghost', 'md')}>
                <X aria-hidden="true" className="size-4" />
                Vazgeç
              </button>
            </form>
          )}

          <div className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
            <label className="flex items-center gap-2 text-sm text-ink">
              <Switch.Root
                checked={alert.isActive}
                disabled={!canEdit || toggling}
                onCheckedChange={onToggle}
                aria-label={`${alert.product.name} alarmı ${alert.isActive ? 'açık' : 'kapalı'}`}
                className="relative h-6 w-11 shrink-0 rounded-full bg-switch-off transition-colors data-[state=checked]:bg-primary disabled:opacity-50"
              >
                <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[22px]" />
              </Switch.Root>
              {alert.isActive ? 'Açık' : 'Kapalı'}
            </label>
            <div className="flex gap-2">
              {canEdit && !editing && (
                <button
                  ref={editButtonRef}
                  type="button"
                  onClick={startEditing}
                  className={buttonClasses('outline', 'sm')}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Hedefi Düzenle
                </button>
              )}
              <button
                type="button"
                onClick={onDelete}
                className={buttonClasses('outline', 'sm', 'hover:border-danger hover:text-danger')}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Sil
              </button>
            </div>
          </div>
        </div>
      </div>
    </li>
  );
}
