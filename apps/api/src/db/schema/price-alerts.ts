import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
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
    priceAtCreation: integer('price_at_creation'),
    isActive: boolean('is_active').notNull().default(true),
    triggered: boolean('triggered').notNull().default(false),
    triggeredAt: instant('triggered_at'),
    triggeredPrice: integer('triggered_price'),
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
  ],
);

export type PriceAlertRow = typeof priceAlerts.$inferSelect;
export type NewPriceAlertRow = typeof priceAlerts.$inferInsert;
