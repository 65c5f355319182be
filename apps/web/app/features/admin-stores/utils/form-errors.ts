import type { z } from 'zod';
import { errorMessage, isApiError } from '~/lib/api-client';

/** Field → first message, from a failed local parse or the server's 400 `errors`. */
export type FieldErrors = Record<string, string>;

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The server's answer to a failed save: its message, and its field errors by field name. */
export function serverErrors(error: unknown): { message: string; fields: FieldErrors } {
  const fields: FieldErrors = {};
  if (isApiError(error)) {
    for (const e of error.errors ?? []) {
      const key = e.path.replace(/^body\.?/, '').split('.')[0] ?? '';
      if (key && !(key in fields)) fields[key] = e.message;
    }
  }
  return { message: errorMessage(error), fields };
}
