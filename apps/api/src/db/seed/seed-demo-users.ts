import { kurusToTry } from '@kiyasla/contracts/money';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Transaction } from '../client';
import {
  categories,
  favorites,
  notifications,
  payments,
  priceAlerts,
  productPrices,
  products,
  savedComparisons,
  users,
  type NewNotificationRow,
} from '../schema/index';
import { DEMO_ACCOUNTS, YEARLY_PLAN_PRICE_KURUS, type DemoAccount } from './demo-accounts';
import { hashPassword } from './password';

const DAY_MS = 86_400_000;
type DemoKey = keyof typeof DEMO_ACCOUNTS;

interface ShowcaseProduct {
  id: string;
  name: string;
  minPrice: number | null;
  prevMinPrice: number | null;
}

/**
 * Creates the demo accounts that do not exist yet, and — only for accounts created now — their
 * favorites, alerts, notifications, saved comparisons and payment, so a restart never adds rows
 * and an account a tester modified is left alone. Returns the keys of the created accounts.
 */
export async function seedDemoUsers(tx: Transaction, now: Date): Promise<DemoKey[]> {
  const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
  const existing = new Set(
    (await tx.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((r) => r.email),
  );
  const created: DemoKey[] = [];
  const ids = new Map<DemoKey, string>();

  for (const key of Object.keys(DEMO_ACCOUNTS) as DemoKey[]) {
    const account = DEMO_ACCOUNTS[key];
    if (existing.has(account.email)) continue;
    ids.set(key, await insertDemoUser(tx, account, now));
    created.push(key);
  }
  if (created.length > 0) await seedDemoActivity(tx, ids, now);
  return created;
}

async function insertDemoUser(tx: Transaction, account: DemoAccount, now: Date): Promise<string> {
  const premium = account.plan !== 'free';
  const start = new Date(now.getTime() - 60 * DAY_MS);
  const end = new Date(start.getTime() + 365 * DAY_MS);
  const [row] = await tx
    .insert(users)
    .values({
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      role: account.role,
      phone: '+90 555 000 00 00',
      address: { city: 'İstanbul', country: 'Türkiye' },
      emailVerified: true,
      subscriptionPlan: account.plan,
      subscriptionStatus: 'active',
      subscriptionPrice: premium ? YEARLY_PLAN_PRICE_KURUS : 0,
      subscriptionStart: premium ? start : null,
      subscriptionEnd: premium ? end : null,
      nextRenewalDate: premium ? end : null,
      autoRenew: premium,
      createdAt: new Date(now.getTime() - 120 * DAY_MS),
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`Demo kullanıcısı oluşturulamadı: ${account.email}`);
  return row.id;
}

async function seedDemoActivity(tx: Transaction, ids: Map<DemoKey, string>, now: Date): Promise<void> {
  const featured = await showcaseProducts(tx);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  const notificationRows: NewNotificationRow[] = [];

  for (const key of ['admin', 'moderator'] as const) {
    const userId = ids.get(key);
    if (userId) notificationRows.push(welcome(userId, at(30), 'Yönetim paneline /admin adresinden ulaşabilirsiniz.'));
  }

  const userId = ids.get('user');
  if (userId) {
    await addFavorites(tx, userId, featured.slice(0, 4), now);
    notificationRows.push(
      welcome(userId, at(40), 'Favorilerinize ürün ekleyin, fiyat düştüğünde size haber verelim.'),
      {
        userId,
        type: 'promotion',
        title: 'Premium’a geçin, fiyat alarmlarını kaçırmayın',
        message: 'Yıllık Premium planda %25 indirim: fiyat alarmları, sınırsız karşılaştırma ve reklamsız deneyim.',
        data: { url: '/premium-plans' },
        createdAt: at(5),
      },
    );
    const drop = featured[0];
    if (drop) notificationRows.push(priceDrop(userId, drop, at(1)));
    await addComparison(tx, userId, 'laptop', 'gaming', 'Oyun laptopu seçimi', false, ['laptop', 'oyun'], now);
  }

  const premiumId = ids.get('premium');
  if (premiumId) {
    await addFavorites(tx, premiumId, featured.slice(2, 8), now);
    notificationRows.push(
      welcome(premiumId, at(60), 'Premium üyeliğiniz aktif. Fiyat alarmı kurarak indirimleri ilk siz öğrenin.'),
    );
    const alertProduct = featured[3];
    if (alertProduct) {
      await addAlerts(tx, premiumId, featured.slice(2, 5), now);
      notificationRows.push({
        userId: premiumId,
        type: 'price_alert',
        title: 'Fiyat alarmınız tetiklendi',
        message: `${alertProduct.name} hedef fiyatınızın altına indi: ${formatTry(alertProduct.minPrice)}.`,
        data: { productId: alertProduct.id, newPrice: alertProduct.minPrice ?? undefined },
        createdAt: at(3),
      });
    }
    for (const product of featured.slice(4, 6)) notificationRows.push(priceDrop(premiumId, product, at(2)));
    await addComparison(
      tx,
      premiumId,
      'telefon',
      'premium',
      'Amiral gemisi telefonlar',
      true,
      ['telefon', 'amiral gemisi'],
      now,
    );
    await tx.insert(payments).values({
      userId: premiumId,
      provider: 'demo',
      plan: 'yearly-premium',
      amount: YEARLY_PLAN_PRICE_KURUS,
      currency: 'TRY',
      status: 'completed',
      providerRef: 'demo-seed-premium-yearly',
      raw: { note: 'Demo verisi: yerel ödeme sağlayıcısı' },
      createdAt: at(60),
      updatedAt: at(60),
    });
  }

  if (notificationRows.length > 0) await tx.insert(notifications).values(notificationRows);
}

/** Featured products first (the home page shows them), in a stable order. */
async function showcaseProducts(tx: Transaction): Promise<ShowcaseProduct[]> {
  return tx
    .select({
      id: products.id,
      name: products.name,
      minPrice: productPrices.minPrice,
      prevMinPrice: productPrices.prevMinPrice,
    })
    .from(products)
    .innerJoin(productPrices, eq(productPrices.productId, products.id))
    .where(eq(products.isActive, true))
    .orderBy(desc(products.isFeatured), asc(products.slug))
    .limit(12);
}

async function addFavorites(tx: Transaction, userId: string, picks: ShowcaseProduct[], now: Date): Promise<void> {
  if (picks.length === 0) return;
  await tx
    .insert(favorites)
    .values(
      picks.map((p, i) => ({ userId, productId: p.id, createdAt: new Date(now.getTime() - (i + 1) * 3 * DAY_MS) })),
    );
}

/** One armed alert, one that already fired, one the user paused. */
async function addAlerts(tx: Transaction, userId: string, picks: ShowcaseProduct[], now: Date): Promise<void> {
  const rows = picks
    .filter((p) => p.minPrice !== null)
    .map((p, i) => {
      const price = p.minPrice as number;
      const created = new Date(now.getTime() - (20 + i * 5) * DAY_MS);
      const fired = i === 1;
      return {
        userId,
        productId: p.id,
        targetPrice: roundToTenTry(fired ? price * 1.02 : price * 0.9),
        triggerType: 'below' as const,
        priceAtCreation: roundToTenTry(price * 1.08),
        isActive: i !== 2,
        triggered: fired,
        triggeredAt: fired ? new Date(now.getTime() - 3 * DAY_MS) : null,
        triggeredPrice: fired ? price : null,
        createdAt: created,
        updatedAt: created,
      };
    });
  if (rows.length > 0) await tx.insert(priceAlerts).values(rows);
}

async function addComparison(
  tx: Transaction,
  userId: string,
  categorySlug: string,
  subcategorySlug: string,
  name: string,
  isPublic: boolean,
  tags: string[],
  now: Date,
): Promise<void> {
  const parent = alias(categories, 'parent');
  const picks = await tx
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(products.subcategoryId, categories.id))
    .innerJoin(parent, eq(categories.parentId, parent.id))
    .where(and(eq(parent.slug, categorySlug), eq(categories.slug, subcategorySlug)))
    .orderBy(desc(products.ratingsCount), asc(products.slug))
    .limit(3);
  if (picks.length < 2) return;
  await tx.insert(savedComparisons).values({
    userId,
    name,
    description: 'Kıyasla demo verisi: öne çıkan modellerin karşılaştırması.',
    productIds: picks.map((p) => p.id),
    isPublic,
    tags,
    createdAt: new Date(now.getTime() - 10 * DAY_MS),
  });
}

function welcome(userId: string, createdAt: Date, message: string): NewNotificationRow {
  return { userId, type: 'system', title: 'Kıyasla’ya hoş geldiniz!', message, isRead: true, createdAt };
}

function priceDrop(userId: string, product: ShowcaseProduct, createdAt: Date): NewNotificationRow {
  const newPrice = product.minPrice ?? 0;
  const oldPrice =
    product.prevMinPrice && product.prevMinPrice > newPrice ? product.prevMinPrice : roundToTenTry(newPrice * 1.08);
  return {
    userId,
    type: 'price_drop',
    title: 'Favori ürününüzün fiyatı düştü',
    message: `${product.name} ${formatTry(oldPrice)} yerine artık ${formatTry(newPrice)}.`,
    data: { productId: product.id, oldPrice, newPrice },
    createdAt,
  };
}

function roundToTenTry(kurus: number): number {
  return Math.max(1_000, Math.round(kurus / 1_000) * 1_000);
}

const tryFormat = new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY' });

function formatTry(kurus: number | null): string {
  return tryFormat.format(kurusToTry(kurus ?? 0));
}
