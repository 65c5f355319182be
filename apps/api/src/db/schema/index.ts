/**
 * The one aggregation file of the schema: drizzle needs every table (and relation) in a single
 * object for `drizzle({ schema })` and drizzle-kit reads the tables from here.
 */
export * from './enums';
export * from './users';
export * from './refresh-sessions';
export * from './password-reset-tokens';
export * from './email-verification-tokens';
export * from './user-avatars';
export * from './media-files';
export * from './categories';
export * from './stores';
export * from './products';
export * from './product-prices';
export * from './product-views';
export * from './store-offers';
export * from './feed-imports';
export * from './feed-unmatched-items';
export * from './feed-import-items';
export * from './price-history';
export * from './reviews';
export * from './favorites';
export * from './price-alerts';
export * from './notifications';
export * from './notification-settings';
export * from './notification-deliveries';
export * from './privacy-settings';
export * from './saved-comparisons';
export * from './payments';
export * from './payment-credentials';
export * from './system-settings';
export * from './admin-audit-log';
export * from './search-log';
export * from './search-terms';
export * from './search-lexemes';
export * from './hidden-search-terms';
export * from './analytics-events';
export * from './outbox';
export * from './relations';
