import { z } from 'zod';

/** Pagination block carried by every list response. */
export const paginationSchema = z.object({
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** Success envelope: `{ success: true, message?, data?, pagination? }`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data,
    pagination: paginationSchema.optional(),
  });
}

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });

/** Error envelope: `{ success: false, message, code, errors? }`. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface OkEnvelope<T> {
  success: true;
  message?: string;
  data: T;
  pagination?: Pagination;
}
