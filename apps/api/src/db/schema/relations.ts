import { relations } from 'drizzle-orm';
import { analyticsEvents } from './analytics-events';
import { categories } from './categories';
import { favorites } from './favorites';
import { notifications } from './notifications';
import { payments } from './payments';
import { priceAlerts } from './price-alerts';
import { priceHistory } from './price-history';
import { products } from './products';
import { reviews } from './reviews';
import { savedComparisons } from './saved-comparisons';
import { storeOffers } from './store-offers';
import { stores } from './stores';
import { users } from './users';

/** Relations for drizzle's relational queries (`db.query.products.findMany({ with: ... })`). */

export const usersRelations = relations(users, ({ many }) => ({
  favorites: many(favorites),
  priceAlerts: many(priceAlerts),
  notifications: many(notifications),
  savedComparisons: many(savedComparisons),
  payments: many(payments),
  reviews: many(reviews),
}));

export const categoriesRelations = relations(categories, ({ one, many }) => ({
  parent: one(categories, { fields: [categories.parentId], references: [categories.id], relationName: 'tree' }),
  children: many(categories, { relationName: 'tree' }),
  products: many(products, { relationName: 'category' }),
  subcategoryProducts: many(products, { relationName: 'subcategory' }),
}));

export const storesRelations = relations(stores, ({ many }) => ({
  offers: many(storeOffers),
}));

export const productsRelations = relations(products, ({ one, many }) => ({
  category: one(categories, { fields: [products.categoryId], references: [categories.id], relationName: 'category' }),
  subcategory: one(categories, {
    fields: [products.subcategoryId],
    references: [categories.id],
    relationName: 'subcategory',
  }),
  offers: many(storeOffers),
  reviews: many(reviews),
  priceHistory: many(priceHistory),
  favorites: many(favorites),
  priceAlerts: many(priceAlerts),
}));

export const storeOffersRelations = relations(storeOffers, ({ one, many }) => ({
  product: one(products, { fields: [storeOffers.productId], references: [products.id] }),
  store: one(stores, { fields: [storeOffers.storeId], references: [stores.id] }),
  priceHistory: many(priceHistory),
}));

export const priceHistoryRelations = relations(priceHistory, ({ one }) => ({
  offer: one(storeOffers, { fields: [priceHistory.offerId], references: [storeOffers.id] }),
  product: one(products, { fields: [priceHistory.productId], references: [products.id] }),
}));

export const reviewsRelations = relations(reviews, ({ one }) => ({
  product: one(products, { fields: [reviews.productId], references: [products.id] }),
  user: one(users, { fields: [reviews.userId], references: [users.id] }),
}));

export const favoritesRelations = relations(favorites, ({ one }) => ({
  user: one(users, { fields: [favorites.userId], references: [users.id] }),
  product: one(products, { fields: [favorites.productId], references: [products.id] }),
}));

export const priceAlertsRelations = relations(priceAlerts, ({ one }) => ({
  user: one(users, { fields: [priceAlerts.userId], references: [users.id] }),
  product: one(products, { fields: [priceAlerts.productId], references: [products.id] }),
  store: one(stores, { fields: [priceAlerts.storeId], references: [stores.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const savedComparisonsRelations = relations(savedComparisons, ({ one }) => ({
  user: one(users, { fields: [savedComparisons.userId], references: [users.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  user: one(users, { fields: [payments.userId], references: [users.id] }),
}));

export const analyticsEventsRelations = relations(analyticsEvents, ({ one }) => ({
  product: one(products, { fields: [analyticsEvents.productId], references: [products.id] }),
}));
