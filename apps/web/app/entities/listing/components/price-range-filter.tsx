import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import clsx from 'clsx';
import type { Facets } from '@kiyasla/contracts/catalog';
import { formatPrice } from '~/lib/format';
import { withFilters, type ListingState } from '../utils/listing-params';

/** A number input's value → whole lira; blank (or unreadable) becomes 0, as the specification says. */
export function parsePriceInput(text: string): number {
  const value = Number(text.trim());
  if (!text.trim() || !Number.isFinite(value) || value < 0) return 0;
  return Math.min(Math.trunc(value), 100_000_000);
}

/** A round upper end for the sliders: 132 325 → 140 000, 4 543 → 4 600. */
export function sliderCeiling(max: number): number {
  if (!(max > 0)) return 100;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = Math.max(1, magnitude / 10);
  return Math.ceil(max / step) * step;
}

function sliderStep(ceiling: number): number {
  const raw = ceiling / 200;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  return Math.max(1, Math.round(raw / magnitude) * magnitude);
}

const wholePrice = (n: number) => formatPrice(n).replace(/,00$/, '');

interface PriceRangeProps {
  /** Lowest and highest price among the matching products (facets.price). */
  bounds: { min: number; max: number };
  minPrice: number | null;
  maxPrice: number | null;
  onCommit: (min: number | null, max: number | null) => void;
}

const THUMB =
  'pointer-events-none absolute inset-x-0 top-1/2 h-5 w-full -translate-y-1/2 appearance-none bg-transparent focus-visible:outline-none ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:h-5 [&::-webkit-slider-thumb]:w-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-surface [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:h-4 [&::-moz-range-thumb]:w-4 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-surface ' +
  'focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-primary/30';

/** Arrow keys on a thumb apply the range once the keys rest this long (one history entry, not one per step). */
const KEYBOARD_COMMIT_DELAY_MS = 500;

const rangeKey = (min: number | null, max: number | null) => `${min ?? ''}|${max ?? ''}`;

/** The address's other parameters, kept by a submission the browser makes itself (see below). */
const REPLACED_PARAMS = new Set(['minPrice', 'maxPrice', 'page']);

/**
 * The filter panel's price group (lazily hydrated there: its code is not in a listing's initial
 * JavaScript, ADR 019). Until the code has arrived the server's HTML is a plain GET form: a price
 * typed and sent that early reloads the listing with the price and every other filter of the
 * address (hidden inputs), as the hydrated control would apply it.
 */
export function PriceRangeFilter({
  price,
  state,
  onChange,
}: {
  price: Facets['price'] | null | undefined;
  state: ListingState;
  onChange: (next: ListingState) => void;
}) {
  const [params] = useSearchParams();
  const kept = [...params].filter(([name]) => !REPLACED_PARAMS.has(name));
  return (
    <PriceRange
      bounds={price ?? { min: 0, max: state.maxPrice ?? state.minPrice ?? 0 }}
      minPrice={state.minPrice}
      maxPrice={state.maxPrice}
      onCommit={(minPrice, maxPrice) => onChange(withFilters(state, { minPrice, maxPrice }))}
      kept={kept}
    />
  );
}

/**
 * Two sliders over one track plus min and max number inputs. Dragging and typing change a
 * draft; the filter is applied when a thumb is released, shortly after arrow keys rest, or
 * when an input is left (or Enter). The max thumb at the right end means "no upper limit".
 * The inputs stay mounted across applications so keyboard focus is never lost.
 */
function PriceRange({
  bounds,
  minPrice,
  maxPrice,
  onCommit,
  kept,
}: PriceRangeProps & { kept: ReadonlyArray<[string, string]> }) {
  const id = useId();
  const ceiling = sliderCeiling(Math.max(bounds.max, maxPrice ?? 0, minPrice ?? 0));
  const [low, setLow] = useState(minPrice ?? 0);
  const [high, setHigh] = useState(Math.min(maxPrice ?? ceiling, ceiling));
  const [lowText, setLowText] = useState(minPrice ? String(minPrice) : '');
  const [highText, setHighText] = useState(maxPrice !== null ? String(maxPrice) : '');
  const [applied, setApplied] = useState(`${rangeKey(minPrice, maxPrice)}|${ceiling}`);
  const [committed, setCommitted] = useState<string | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lowInput = useRef<HTMLInputElement>(null);
  const highInput = useRef<HTMLInputElement>(null);
  const step = sliderStep(ceiling);

  // The applied range changed: take it over, unless it is the one this control just applied
  // (the drafts are already there, or further on if the user kept going).
  const appliedNow = `${rangeKey(minPrice, maxPrice)}|${ceiling}`;
  if (applied !== appliedNow) {
    setApplied(appliedNow);
    if (committed !== rangeKey(minPrice, maxPrice)) {
      setLow(minPrice ?? 0);
      setHigh(Math.min(maxPrice ?? ceiling, ceiling));
      setLowText(minPrice ? String(minPrice) : '');
      setHighText(maxPrice !== null ? String(maxPrice) : '');
    }
    setCommitted(null);
  }

  useEffect(
    () => () => {
      if (keyTimer.current) clearTimeout(keyTimer.current);
    },
    [],
  );

  const commit = (nextLow: number, nextHigh: number | null) => {
    if (keyTimer.current) clearTimeout(keyTimer.current);
    let min: number | null = nextLow > 0 ? nextLow : null;
    let max: number | null = nextHigh;
    if (min !== null && max !== null && min > max) [min, max] = [max, min];
    // Both controls show what is applied: typed values move the thumbs and vice versa.
    setLow(min ?? 0);
    setHigh(max === null ? ceiling : Math.min(max, ceiling));
    setLowText(min ? String(min) : '');
    setHighText(max !== null ? String(max) : '');
    if (min === minPrice && max === maxPrice) return;
    setCommitted(rangeKey(min, max));
    onCommit(min, max);
  };

  const commitSliders = (nextLow = low, nextHigh = high) => commit(nextLow, nextHigh >= ceiling ? null : nextHigh);

  const commitInputs = (event?: FormEvent) => {
    event?.preventDefault();
    // The inputs' own values: a price typed before this control hydrated is in them, not in the
    // state (hydration keeps the server's empty drafts).
    const nextLow = parsePriceInput(lowInput.current?.value ?? lowText);
    const typedHigh = parsePriceInput(highInput.current?.value ?? highText);
    // A ceiling of ₺0 would hide every product: a blank (0) maximum means "no upper limit".
    commit(nextLow, typedHigh > 0 ? typedHigh : null);
  };

  const lowPct = (Math.min(low, ceiling) / ceiling) * 100;
  const highPct = (Math.min(high, ceiling) / ceiling) * 100;
  const scheduleKeyboardCommit = (event: KeyboardEvent, nextLow: number, nextHigh: number) => {
    if (!(event.key.startsWith('Arrow') || event.key.startsWith('Page') || event.key === 'Home' || event.key === 'End'))
      return;
    if (keyTimer.current) clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => commitSliders(nextLow, nextHigh), KEYBOARD_COMMIT_DELAY_MS);
  };

  return (
    <form method="get" onSubmit={commitInputs} className="space-y-4" aria-label="Fiyat aralığı">
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <div className="relative h-5">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-surface-2" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary"
          style={{ left: `${lowPct}%`, right: `${100 - highPct}%` }}
        />
        <input
          type="range"
          aria-label="En düşük fiyat"
          aria-valuetext={wholePrice(low)}
          min={0}
          max={ceiling}
          step={step}
          value={Math.min(low, ceiling)}
          onChange={(event) => {
            const value = Math.min(Number(event.target.value), high - step);
            setLow(Math.max(0, value));
            setLowText(value > 0 ? String(Math.max(0, value)) : '');
          }}
          onPointerUp={() => commitSliders()}
          onKeyUp={(event) => scheduleKeyboardCommit(event, low, high)}
          className={clsx(THUMB, 'z-10')}
        />
        <input
          type="range"
          aria-label="En yüksek fiyat"
          aria-valuetext={high >= ceiling ? `${wholePrice(ceiling)} ve üzeri` : wholePrice(high)}
          min={0}
          max={ceiling}
          step={step}
          value={Math.min(high, ceiling)}
          onChange={(event) => {
            const value = Math.max(Number(event.target.value), low + step);
            setHigh(Math.min(ceiling, value));
            setHighText(value >= ceiling ? '' : String(value));
          }}
          onPointerUp={() => commitSliders()}
          onKeyUp={(event) => scheduleKeyboardCommit(event, low, high)}
          className={clsx(THUMB, 'z-20')}
        />
      </div>
      <div className="flex items-center justify-between text-xs text-muted" aria-hidden="true">
        <span>{wholePrice(low)}</span>
        <span>{high >= ceiling ? `${wholePrice(ceiling)}+` : wholePrice(high)}</span>
      </div>
      <div className="grid grid-cols-[1fr_auto_1fr] items-end gap-2">
        <div>
          <label htmlFor={`${id}-min`} className="mb-1 block text-xs font-medium text-muted">
            En az (₺)
          </label>
          <input
            ref={lowInput}
            id={`${id}-min`}
            name="minPrice"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder="0"
            value={lowText}
            onChange={(event) => setLowText(event.target.value)}
            onBlur={() => commitInputs()}
            className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted focus:border-primary"
          />
        </div>
        <span aria-hidden="true" className="pb-2.5 text-muted">
          –
        </span>
        <div>
          <label htmlFor={`${id}-max`} className="mb-1 block text-xs font-medium text-muted">
            En çok (₺)
          </label>
          <input
            ref={highInput}
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            placeholder={String(ceiling)}
            value={highText}
            onChange={(event) => setHighText(event.target.value)}
            onBlur={() => commitInputs()}
            className="h-10 w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted focus:border-primary"
          />
        </div>
      </div>
      {/* Enter in either input submits; the button is for pointer users who expect one. */}
      <button
        type="submit"
        className="h-9 w-full rounded-lg border border-line text-sm font-semibold text-ink transition-colors hover:border-primary hover:text-primary"
      >
        Fiyatı Uygula
      </button>
    </form>
  );
}
