import { ownerDataKey } from '~/entities/session/api/query-keys';

/** Under the signed-in owner's key root: dropped when the operator signs out. */
export const adminSubscriptionsKey = [...ownerDataKey, 'admin', 'subscriptions'] as const;
