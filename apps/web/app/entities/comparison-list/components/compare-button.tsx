import { useEffect } from 'react';
import { Check, GitCompareArrows } from 'lucide-react';
import clsx from 'clsx';
import { DEFAULT_MAX_COMPARISON_ITEMS } from '@kiyasla/contracts/constants';
import type * as ComparisonsMessagesModule from '@kiyasla/contracts/messages/comparisons';
import { addToComparison, removeFromComparison, useComparisonList, type ComparisonEntry } from '../comparison-list';
import { usePublicConfig } from '~/lib/public-config';
import { whenIdle } from '~/lib/lazy-component';
import { toast } from '~/lib/toast';

type Wording = (typeof ComparisonsMessagesModule)['comparisonsMessages'];

/**
 * The toasts' words are not in the page's initial JavaScript (every card has a button, and the
 * section is mostly the comparison page's): they are fetched once the page is idle, as the toasts'
 * own code is (components/ui/toaster), or when a button is approached. The list changes at the
 * click; its toast follows as soon as the words are there, in the order of the clicks.
 */
let wording: Promise<Wording> | null = null;

function loadWording(): Promise<Wording> {
  wording ??= import('@kiyasla/contracts/messages/comparisons').then(
    (module) => module.comparisonsMessages,
    (error: unknown) => {
      wording = null;
      throw error;
    },
  );
  return wording;
}

const prepareWording = () => void loadWording().catch(() => undefined);

let idlePreload = false;
function prepareWordingWhenIdle(): void {
  if (idlePreload) return;
  idlePreload = true;
  whenIdle(prepareWording);
}

function tell(show: (m: Wording) => void): void {
  void loadWording().then(show, () => undefined);
}

/** What the list keeps of a product: enough for the comparison page's placeholders, not its offers. */
function toEntry(product: ComparisonEntry): ComparisonEntry {
  const { _id, name, slug, brand, image_url, currentPrice, originalPrice } = product;
  return { _id, name, slug, brand, image_url, currentPrice, originalPrice };
}

/**
 * Adds the product to, or removes it from, the session comparison list, with the spec's toasts:
 * info when it is already there, a warning at the admin limit (`maxComparisonItems`).
 */
export function toggleComparison(
  product: ComparisonEntry,
  inList: boolean,
  max: number = DEFAULT_MAX_COMPARISON_ITEMS,
): void {
  if (inList) {
    removeFromComparison(product._id);
    tell((m) => toast.success(m.removed, product.name));
    return;
  }
  const result = addToComparison(toEntry(product), max);
  if (result === 'added') tell((m) => toast.success(m.added, product.name));
  else if (result === 'duplicate') tell((m) => toast.info(m.alreadyInList));
  else tell((m) => toast.warning(m.tooMany(max)));
}

/** The most products the comparison list may hold: the admin setting, 5 until it is known. */
export function useComparisonLimit(): number {
  return usePublicConfig()?.limits.maxComparisonItems ?? DEFAULT_MAX_COMPARISON_ITEMS;
}

export function CompareButton({
  product,
  className,
  iconOnly = false,
}: {
  product: ComparisonEntry;
  className?: string;
  /** Dense places (table rows): the icon alone, with the text as its tooltip. */
  iconOnly?: boolean;
}) {
  const list = useComparisonList();
  const max = useComparisonLimit();
  useEffect(prepareWordingWhenIdle, []);
  const inList = list.some((p) => p._id === product._id);
  const label = inList ? 'Karşılaştırmadan Çıkar' : 'Karşılaştır';
  return (
    <button
      type="button"
      onClick={() => toggleComparison(product, inList, max)}
      onPointerEnter={prepareWording}
      onFocus={prepareWording}
      // Every card has one: the product's name tells them apart, after the text shown (so a
      // voice command with that text still finds it).
      aria-label={`${label}: ${product.name}`}
      title={iconOnly ? label : undefined}
      aria-pressed={iconOnly ? inList : undefined}
      className={clsx(
        'inline-flex h-9 items-center justify-center gap-2 rounded-lg border text-sm font-semibold transition-colors',
        iconOnly ? 'w-9' : 'px-3',
        inList
          ? 'border-primary bg-primary-soft text-primary hover:bg-brand-100 dark:hover:bg-brand-900'
          : 'border-line bg-surface text-ink hover:border-primary hover:text-primary',
        className,
      )}
    >
      {inList ? (
        <Check aria-hidden="true" className="h-4 w-4" />
      ) : (
        <GitCompareArrows aria-hidden="true" className="h-4 w-4" />
      )}
      {!iconOnly && label}
    </button>
  );
}
