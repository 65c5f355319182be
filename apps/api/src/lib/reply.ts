import type { Pagination } from '@kiyasla/contracts/envelope';

/** Builds the success envelope of ARCHITECTURE.md. */
export function ok<T>(data: T, extra: { message?: string; pagination?: Pagination } = {}) {
  return {
    success: true as const,
    ...(extra.message ? { message: extra.message } : {}),
    data,
    ...(extra.pagination ? { pagination: extra.pagination } : {}),
  };
}

export function paginate(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}
