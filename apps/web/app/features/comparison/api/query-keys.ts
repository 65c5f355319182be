/**
 * Query keys of the comparison feature. The comparison result depends on who asks (premium
 * callers get the pros/cons analysis), and saved comparisons are personal: both carry the user id.
 */
export const comparisonKeys = {
  all: ['comparisons'] as const,
  result: (productIds: readonly string[], viewer: string) =>
    [...comparisonKeys.all, 'compare', viewer, ...productIds] as const,
  saved: (userId: string) => [...comparisonKeys.all, 'saved', userId] as const,
};
