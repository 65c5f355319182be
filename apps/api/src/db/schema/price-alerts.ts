import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { alertTriggerType } from './enums';
import { products } from './products';
import { stores } from './stores';
import { users } from './users';

export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null watches the product's lowest price across all stores. */
    storeId: uuid('store_id').references(() => stores.id, { onDelete: 'set null' }),
    targetPrice: integer('target_price').notNull(),
    triggerType: alertTriggerType('trigger_type').notNull().default('below'),
    /**
     * The watched price when the alert was last armed (created, switched back on, or given a new
     * target), despite the column's name: a trigger's notice gives it as the previous price.
     */
    priceAtCreation: integer('price_at_creation'),
    isActive: boolean('is_active').notNull().default(true),
    triggered: boolean('triggered').notNull().default(false),
    triggeredAt: instant('triggered_at'),
    triggeredPrice: integer('triggered_price'),
    /**
     * When the alert was last armed (created, switched back on, or given a new target). A trigger
     * belongs to one arming: the notification's idempotency key is the alert id plus this instant,
     * so however often an event is replayed, one arming notifies at most once.
     */
    armedAt: timestamp('armed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('price_alerts_target_price_ck', sql`${t.targetPrice} > 0`),
    // Evaluated on every price change: only armed alerts of the changed product.
    index('price_alerts_armed_product_idx')
      .on(t.productId)
      .where(sql`${t.isActive} and not ${t.triggered}`),
    index('price_alerts_user_idx').on(t.userId, t.createdAt),
    // One alert per user and product: the card and the product page show "the" alert.
    uniqueIndex('price_alerts_user_product_uq').on(t.userId, t.productId),
  ],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
export type NewPriceAlertRow = typeof priceAlerts.$inferInsert;
