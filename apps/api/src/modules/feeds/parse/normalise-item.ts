import { isUuid } from '@kiyasla/contracts/ids';
import {
  FEED_AVAILABILITY_ALIASES,
  FEED_FIELD_LIMITS,
  FEED_MAX_PRICE,
  FEED_MAX_SHIPPING_DAYS,
  feedRejectionMessage,
  type FeedEntry,
  type FeedItem,
  type FeedPosition,
  type FeedRejection,
  type FeedRejectionCode,
  type FeedShipping,
} from '@kiyasla/contracts/feeds';
import { isStorableText, storableText } from '../../../lib/storable-text';
import { parseMoney } from './parse-price';

/** An item as a format hands it over: JSON values, or the text of CSV cells and XML elements. */
export interface RawFeedItem {
  sku?: unknown;
  productId?: unknown;
  gtin?: unknown;
  brand?: unknown;
  model?: unknown;
  title?: unknown;
  price?: unknown;
  originalPrice?: unknown;
  availability?: unknown;
  url?: unknown;
  shipping?: unknown;
}

export type Normalised = { item: FeedItem } | { rejected: FeedRejection; sku?: string };

const RAW_MAX = 200;

class Rejection extends Error {
  constructor(
    readonly code: FeedRejectionCode,
    readonly field?: string,
    readonly raw?: unknown,
  ) {
    super(code);
  }
}

/** The value as the report quotes it: cut short, and storable (the report is kept in the database). */
function shorten(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = storableText(typeof value === 'string' ? value : JSON.stringify(value));
  return text.length > RAW_MAX ? `${text.slice(0, RAW_MAX)}…` : text;
}

/**
 * Text of a field, trimmed; empty means absent. Numbers are taken as their decimal text. Text
 * the database cannot store (U+0000, a broken surrogate) rejects the item, as a 500 of the whole
 * upload did before.
 */
function text(value: unknown, field: string, max?: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw new Rejection('BAD_FIELD', field, value);
  if (typeof value === 'string' && !isStorableText(value)) throw new Rejection('BAD_CHARACTER', field, value);
  const s = String(value).trim();
  if (s === '') return undefined;
  if (max !== undefined && s.length > max) throw new Rejection('FIELD_TOO_LONG', field, s);
  return s;
}

function price(value: unknown): number {
  const parsed = parseMoney(value);
  if (!parsed.ok) {
    const code = { missing: 'MISSING_PRICE', bad: 'BAD_PRICE', 'other-currency': 'OTHER_CURRENCY' } as const;
    throw new Rejection(code[parsed.reason], 'price', value);
  }
  if (parsed.value === 0) throw new Rejection('ZERO_PRICE', 'price', value);
  if (parsed.value < 0) throw new Rejection('NEGATIVE_PRICE', 'price', value);
  if (parsed.value > FEED_MAX_PRICE) throw new Rejection('PRICE_TOO_HIGH', 'price', value);
  return parsed.value;
}

/** A list price is kept only when it is a valid amount above the price paid. */
function originalPrice(value: unknown, paid: number): number | undefined {
  const parsed = parseMoney(value);
  if (!parsed.ok) {
    if (parsed.reason === 'missing') return undefined;
    const code = parsed.reason === 'other-currency' ? 'OTHER_CURRENCY' : 'BAD_ORIGINAL_PRICE';
    throw new Rejection(code, 'originalPrice', value);
  }
  if (parsed.value <= 0 || parsed.value > FEED_MAX_PRICE) {
    throw new Rejection('BAD_ORIGINAL_PRICE', 'originalPrice', value);
  }
  return parsed.value > paid ? parsed.value : undefined;
}

function url(value: unknown): string {
  const s = text(value, 'url', FEED_FIELD_LIMITS.url);
  if (s === undefined) throw new Rejection('MISSING_URL', 'url');
  let parsed: URL;
  try {
    parsed = new URL(s);
  } catch {
    throw new Rejection('BAD_URL', 'url', s);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    throw new Rejection('BAD_URL', 'url', s);
  }
  return s;
}

function availability(value: unknown) {
  const s = text(value, 'availability', 50);
  if (s === undefined) throw new Rejection('MISSING_AVAILABILITY', 'availability');
  // The plain lower-casing keeps "IN_STOCK" from becoming "ın_stock"; the Turkish one, tried only
  // when needed (it is slow), keeps "STOKTA YOK" right.
  const mapped =
    FEED_AVAILABILITY_ALIASES[s] ??
    FEED_AVAILABILITY_ALIASES[s.toLowerCase().replace(/\s+/g, '-')] ??
    FEED_AVAILABILITY_ALIASES[s.toLocaleLowerCase('tr-TR').replace(/\s+/g, '-')];
  if (!mapped) throw new Rejection('BAD_AVAILABILITY', 'availability', s);
  return mapped;
}

/** GTIN-8, -12 (UPC), -13 (EAN) or -14 with a valid mod-10 check digit, spaces and dashes dropped. */
export function isValidGtin(digits: string): boolean {
  if (!/^(?:\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return false;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

function gtin(value: unknown): string | undefined {
  const s = text(value, 'gtin', 40)?.replace(/[\s-]/g, '');
  if (s === undefined || s === '') return undefined;
  if (!isValidGtin(s)) throw new Rejection('BAD_GTIN', 'gtin', s);
  return s;
}

function productId(value: unknown): string | undefined {
  const s = text(value, 'productId', 64);
  if (s === undefined) return undefined;
  if (!isUuid(s)) throw new Rejection('BAD_PRODUCT_ID', 'productId', s);
  return s.toLowerCase();
}

const YES = new Set(['true', '1', 'yes', 'y', 'evet', 'e', 'var']);
const NO = new Set(['false', '0', 'no', 'n', 'hayir', 'h', 'yok']);

function flag(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value !== 'string') throw new Rejection('BAD_SHIPPING', 'shipping.free', value);
  const s = value.trim().toLowerCase().replace('ı', 'i');
  if (s === '') return undefined;
  if (YES.has(s)) return true;
  if (NO.has(s)) return false;
  throw new Rejection('BAD_SHIPPING', 'shipping.free', value);
}

function days(value: unknown): number | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return undefined;
  }
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > FEED_MAX_SHIPPING_DAYS) {
    throw new Rejection('BAD_SHIPPING', 'shipping.estimatedDays', value);
  }
  return n;
}

function shipping(value: unknown): FeedShipping | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw new Rejection('BAD_SHIPPING', 'shipping', value);
  const raw = value as Record<string, unknown>;
  const free = flag(raw.free);
  const parsedCost = parseMoney(raw.cost);
  if (!parsedCost.ok && parsedCost.reason !== 'missing') throw new Rejection('BAD_SHIPPING', 'shipping.cost', raw.cost);
  const cost = parsedCost.ok ? parsedCost.value : undefined;
  if (cost !== undefined && (cost < 0 || cost > FEED_MAX_PRICE)) {
    throw new Rejection('BAD_SHIPPING', 'shipping.cost', raw.cost);
  }
  const estimatedDays = days(raw.estimatedDays);
  if (free === undefined && cost === undefined) {
    if (estimatedDays === undefined) return undefined;
    throw new Rejection('BAD_SHIPPING', 'shipping.free', raw.free);
  }
  if (free === true && cost !== undefined && cost > 0) throw new Rejection('BAD_SHIPPING', 'shipping.cost', raw.cost);
  const isFree = free ?? cost === 0;
  const result: FeedShipping = { free: isFree };
  if (isFree) result.cost = 0;
  else if (cost !== undefined) result.cost = cost;
  if (estimatedDays !== undefined) result.estimatedDays = estimatedDays;
  return result;
}

function optional<T>(target: Partial<FeedItem>, key: keyof FeedItem, value: T | undefined): void {
  if (value !== undefined) (target as Record<string, unknown>)[key] = value;
}

/**
 * Applies the parse-level guards to one item. The first problem found rejects the item; the
 * checks that need the database (a price absurd against the offer's last one) are the import's.
 */
export function normaliseItem(raw: RawFeedItem): Normalised {
  let sku: string | undefined;
  try {
    sku = text(raw.sku, 'sku', FEED_FIELD_LIMITS.sku);
    if (sku === undefined) throw new Rejection('MISSING_SKU', 'sku');
    const paid = price(raw.price);
    const item: FeedItem = { sku, price: paid, availability: availability(raw.availability), url: url(raw.url) };
    optional(item, 'productId', productId(raw.productId));
    optional(item, 'gtin', gtin(raw.gtin));
    optional(item, 'brand', text(raw.brand, 'brand', FEED_FIELD_LIMITS.brand));
    optional(item, 'model', text(raw.model, 'model', FEED_FIELD_LIMITS.model));
    optional(item, 'title', text(raw.title, 'title', FEED_FIELD_LIMITS.title));
    optional(item, 'originalPrice', originalPrice(raw.originalPrice, paid));
    optional(item, 'shipping', shipping(raw.shipping));
    return { item };
  } catch (error) {
    if (!(error instanceof Rejection)) throw error;
    const rejected: FeedRejection = { code: error.code, message: feedRejectionMessage(error.code, error.field) };
    if (error.field) rejected.field = error.field;
    const raw = shorten(error.raw);
    if (raw !== undefined) rejected.raw = raw;
    // A too-long sku is no key to report the item under.
    return error.code === 'FIELD_TOO_LONG' && error.field === 'sku' ? { rejected } : { rejected, sku };
  }
}

/** The entry a parser yields for one item at `position`. */
export function toEntry(position: FeedPosition, raw: RawFeedItem): FeedEntry {
  const result = normaliseItem(raw);
  if ('item' in result) return { ...position, item: result.item };
  return result.sku === undefined
    ? { ...position, rejected: result.rejected }
    : { ...position, rejected: result.rejected, sku: result.sku };
}

/** The entry for something in the items list that is no item at all. */
export function rejectedEntry(position: FeedPosition, code: FeedRejectionCode, raw?: unknown): FeedEntry {
  const rejected: FeedRejection = { code, message: feedRejectionMessage(code) };
  const shortened = shorten(raw);
  if (shortened !== undefined) rejected.raw = shortened;
  return { ...position, rejected };
}
