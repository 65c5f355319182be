/**
 * The payment-methods page is a local demonstration (spec §2/§7): card data never goes to our
 * server. Only what identifies a card to its owner — brand, last four digits, expiry and the
 * name on it — is kept, in this browser; the full number and the CVV are never stored.
 *
 * Rules (spec §4/§5): one default at all times, the first card added becomes the default, the
 * default cannot be deleted, cards can be activated and deactivated.
 */
import { inferCardBrand, type CardBrand } from './card-brand';

export interface PaymentMethod {
  id: string;
  type: 'card' | 'digital';
  name: string;
  lastFour: string;
  /** "MM/YY" */
  expiryDate: string;
  brand: CardBrand;
  isDefault: boolean;
  isActive: boolean;
  /** ISO date-time. */
  addedDate: string;
}

export interface CardInput {
  name: string;
  number: string;
  month: string;
  year: string;
  cvv: string;
}

export const EMPTY_CARD: CardInput = { name: '', number: '', month: '', year: '', cvv: '' };
export const CARD_NUMBER_MAX = 16;
export const EXPIRY_PART_MAX = 2;
export const CVV_MAX = 4;

export const FILL_ALL_FIELDS = 'Lütfen tüm alanları doldurun.';
export const INVALID_MONTH = 'Geçerli bir son kullanma ayı girin (01-12).';
export const DEFAULT_NOT_DELETABLE = 'Varsayılan ödeme yöntemi silinemez. Önce başka bir kartı varsayılan yapın.';

const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** What each field keeps while typing: the number only digits (max 16), month and year 2, CVV 4. */
export function sanitizeCardField(field: keyof CardInput, value: string): string {
  switch (field) {
    case 'number':
      return digits(value, CARD_NUMBER_MAX);
    case 'month':
    case 'year':
      return digits(value, EXPIRY_PART_MAX);
    case 'cvv':
      return digits(value, CVV_MAX);
    default:
      return value.slice(0, 60);
  }
}

/** The first problem of the form, or null when it can be saved. */
export function validateCard(input: CardInput): string | null {
  if (!input.name.trim() || !input.number || !input.month || !input.year || !input.cvv) return FILL_ALL_FIELDS;
  const month = Number(input.month);
  if (!Number.isInteger(month) || month < 1 || month > 12) return INVALID_MONTH;
  return null;
}

/** Adds a card; the first one becomes the default. The number and CVV do not survive this call. */
export function addCard(
  list: readonly PaymentMethod[],
  input: CardInput,
  id: string,
  now: Date = new Date(),
): PaymentMethod[] {
  const card: PaymentMethod = {
    id,
    type: 'card',
    name: input.name.trim().replace(/\s+/g, ' '),
    lastFour: input.number.slice(-4),
    expiryDate: `${input.month.padStart(2, '0')}/${input.year.padStart(2, '0')}`,
    brand: inferCardBrand(input.number),
    isDefault: list.length === 0,
    isActive: true,
    addedDate: now.toISOString(),
  };
  return [...list, card];
}

export function setDefault(list: readonly PaymentMethod[], id: string): PaymentMethod[] {
  if (!list.some((m) => m.id === id)) return [...list];
  return list.map((m) => ({ ...m, isDefault: m.id === id }));
}

export function toggleActive(list: readonly PaymentMethod[], id: string): PaymentMethod[] {
  return list.map((m) => (m.id === id ? { ...m, isActive: !m.isActive } : m));
}

export type RemoveResult = { ok: true; list: PaymentMethod[] } | { ok: false; message: string };

export function removeCard(list: readonly PaymentMethod[], id: string): RemoveResult {
  const target = list.find((m) => m.id === id);
  if (!target) return { ok: true, list: [...list] };
  if (target.isDefault) return { ok: false, message: DEFAULT_NOT_DELETABLE };
  return { ok: true, list: list.filter((m) => m.id !== id) };
}

/** Stored methods, each checked field by field; exactly one default whenever there are any. */
export function parseStoredMethods(stored: unknown): PaymentMethod[] {
  if (!Array.isArray(stored)) return [];
  const list: PaymentMethod[] = [];
  for (const item of stored as unknown[]) {
    if (!item || typeof item !== 'object') continue;
    const m = item as Record<string, unknown>;
    if (
      typeof m.id !== 'string' ||
      typeof m.name !== 'string' ||
      typeof m.lastFour !== 'string' ||
      !/^\d{4}$/.test(m.lastFour) ||
      typeof m.expiryDate !== 'string' ||
      !/^\d{2}\/\d{2}$/.test(m.expiryDate)
    ) {
      continue;
    }
    list.push({
      id: m.id,
      type: m.type === 'digital' ? 'digital' : 'card',
      name: m.name,
      lastFour: m.lastFour,
      expiryDate: m.expiryDate,
      brand: m.brand === 'visa' || m.brand === 'mastercard' || m.brand === 'amex' ? m.brand : 'unknown',
      isDefault: m.isDefault === true,
      isActive: m.isActive !== false,
      addedDate: typeof m.addedDate === 'string' ? m.addedDate : new Date(0).toISOString(),
    });
  }
  const defaultId = list.find((m) => m.isDefault)?.id ?? list[0]?.id;
  return list.map((m) => ({ ...m, isDefault: m.id === defaultId }));
}
